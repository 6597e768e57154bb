-- Redacting a verification clears the Idempotency-Key of every logged request that answered with it
-- (its replays too), found by the verification.
CREATE INDEX "request_log_entry_verification_key_idx" ON "request_log_entry" ("verification_id")
  WHERE "verification_id" IS NOT NULL AND "idempotency_key" IS NOT NULL;
