-- The verify that holds an Idempotency-Key's claim, by its own id: its outcome is written, and the
-- key released or set to wait for a lookup, only while the claim is still its own, so a request
-- stalled past the abandonment time writes nothing once a retry has taken the key over
-- (src/server/verifications/idempotency.ts).
ALTER TABLE "idempotency_record" ADD COLUMN "claim_id" UUID;
