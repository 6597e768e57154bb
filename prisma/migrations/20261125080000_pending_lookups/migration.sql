-- A slow national registry (product rules §26): a verification can answer `pending` (202) and
-- complete later, or end `unavailable` (its credit refunded) when the registry never answers.
ALTER TYPE "VerificationResult" ADD VALUE 'pending';
ALTER TYPE "VerificationResult" ADD VALUE 'unavailable';

-- The business setting that gives every verify the 2-second promise, as `Prefer: respond-async` does;
-- authentication reads it with the other rules requests follow (a new result column: drop and create).
ALTER TABLE "business" ADD COLUMN "answer_pending_with_202" BOOLEAN NOT NULL DEFAULT false;
-- This replaces the whole current definition (20261125070000_api_authenticate_current), with one
-- more result column.
DROP FUNCTION api_authenticate(text, text, boolean, inet);
CREATE FUNCTION api_authenticate(p_key_hash text, p_group text, p_count boolean, p_client_address inet)
RETURNS TABLE (
  id uuid, business_id uuid, mode "Mode", hint text, scope "ApiKeyScope", eligibility text,
  stale_last_used boolean, rate_limit_per_minute integer, require_live_consent boolean, answer_pending_with_202 boolean,
  allowed boolean, remaining integer, reset_seconds integer
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k record;
  v_eligibility text;
  v_limit integer;
  v_allowed boolean;
  v_remaining integer;
  v_reset integer;
BEGIN
  SELECT ak.id, ak.business_id, ak.mode, ak.hint, ak.scope, ak.revoked_at, ak.expires_at, ak.allowed_ips,
         ak.last_used_at IS NULL OR ak.last_used_at < now() - interval '1 minute' AS stale_last_used,
         b.status, b.plan, b.rate_limit_per_minute, b.require_live_consent, b.answer_pending_with_202
    INTO k
    FROM api_key ak JOIN business b ON b.id = ak.business_id
   WHERE ak.hash = p_key_hash;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_eligibility := CASE
    WHEN k.revoked_at IS NOT NULL THEN 'revoked'
    WHEN k.expires_at IS NOT NULL AND k.expires_at <= now() THEN 'expired'
    WHEN cardinality(k.allowed_ips) > 0
         AND NOT coalesce(p_client_address <<= ANY (k.allowed_ips::inet[]), false) THEN 'address_not_allowed'
    WHEN business_eligibility(k.status, k.plan, k.mode) <> 'ok' THEN business_eligibility(k.status, k.plan, k.mode)
    WHEN k.scope = 'read_only' AND p_group IN ('verify', 'batch') THEN 'read_only'
    ELSE 'ok'
  END;
  v_limit := k.rate_limit_per_minute;
  IF p_count AND v_eligibility = 'ok' THEN
    SELECT h.allowed, h.remaining, h.reset_seconds INTO v_allowed, v_remaining, v_reset FROM rate_limit_hit('api:' || k.business_id || ':' || k.mode || ':' || p_group, v_limit, 60) h;
  END IF;
  RETURN QUERY SELECT k.id, k.business_id, k.mode, k.hint, k.scope, v_eligibility, k.stale_last_used,
                      v_limit, k.require_live_consent, k.answer_pending_with_202, v_allowed, v_remaining, v_reset;
END
$$;

-- Lookups that go on after their request was answered, claimed by workers like batch chunks
-- (FOR UPDATE SKIP LOCKED and a lease), so that a restart loses none.
CREATE TABLE "pending_lookup" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "recorded" BOOLEAN NOT NULL,
    "state" TEXT NOT NULL DEFAULT 'waiting',
    "request" BYTEA,
    "outcome" BYTEA,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL,
    "give_up_at" TIMESTAMPTZ(3) NOT NULL,
    "lease_id" UUID,
    "leased_until" TIMESTAMPTZ(3),
    "completed_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "pending_lookup_pkey" PRIMARY KEY ("id")
);
CREATE INDEX "pending_lookup_next_attempt_at_idx" ON "pending_lookup"("next_attempt_at");
CREATE INDEX "pending_lookup_completed_at_idx" ON "pending_lookup"("completed_at");
ALTER TABLE "pending_lookup" ADD CONSTRAINT "pending_lookup_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "business"("id") ON DELETE CASCADE ON UPDATE CASCADE;
