-- Redacting a verification clears the Idempotency-Key of the requests refused under that key too
-- (a 409, a 503 while its lookup went on): they have no verification of their own. They are found
-- by the key as the idempotency record holds it (a keyed hash, exact where the logged key is
-- masked and cut), within its window; the log keeps that hash beside the key, and both go.
ALTER TABLE "request_log_entry" ADD COLUMN "idempotency_record_key" TEXT;
CREATE INDEX "request_log_entry_record_key_idx" ON "request_log_entry" ("business_id", "mode", "idempotency_record_key", "created_at")
  WHERE "idempotency_record_key" IS NOT NULL;
