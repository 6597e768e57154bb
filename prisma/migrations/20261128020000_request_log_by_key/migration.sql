-- Redacting a verification clears the Idempotency-Key of the requests refused under that key too
-- (a 409, a 503 while its lookup went on): they have no verification of their own and are found by
-- the key, within its window.
CREATE INDEX "request_log_entry_key_idx" ON "request_log_entry" ("business_id", "mode", "idempotency_key", "created_at")
  WHERE "idempotency_key" IS NOT NULL;
