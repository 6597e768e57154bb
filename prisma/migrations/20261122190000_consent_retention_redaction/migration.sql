-- Consent, retention and redaction (product rules §19).

-- Businesses that exist today keep working as they do; every business created from now on
-- requires consent on live verifications until its owner says otherwise.
ALTER TABLE business ADD COLUMN require_live_consent boolean NOT NULL DEFAULT false;
ALTER TABLE business ALTER COLUMN require_live_consent SET DEFAULT true;
ALTER TABLE business ADD COLUMN retention_years integer NOT NULL DEFAULT 5
  CONSTRAINT business_retention_years_check CHECK (retention_years IN (1, 2, 5, 7));

-- {"obtainedAt", "method", "reference"}: no personal data (the reference is the business's own).
ALTER TABLE verification ADD COLUMN consent jsonb;
-- A redacted verification keeps its row, reference and result; what could lead back to the person
-- (the national ID's hash and last digits, the purpose, the consent reference) is gone.
ALTER TABLE verification ADD COLUMN redacted_at timestamptz(3);
ALTER TABLE verification ALTER COLUMN national_id_hash DROP NOT NULL;
ALTER TABLE verification ALTER COLUMN national_id_last4 DROP NOT NULL;
ALTER TABLE verification ADD CONSTRAINT verification_redacted_check
  CHECK (redacted_at IS NOT NULL OR (national_id_hash IS NOT NULL AND national_id_last4 IS NOT NULL));
-- The retention job walks each business's oldest unredacted rows.
CREATE INDEX verification_retention_idx ON verification (business_id, created_at) WHERE redacted_at IS NULL;

-- The verification an idempotency record's response holds, so redaction can reach it.
ALTER TABLE idempotency_record ADD COLUMN verification_id uuid;
CREATE INDEX idempotency_record_verification_idx ON idempotency_record (verification_id) WHERE verification_id IS NOT NULL;

-- api_authenticate also returns whether the business requires consent (drop and recreate).
DROP FUNCTION api_authenticate(text, text, boolean, inet);
CREATE FUNCTION api_authenticate(p_key_hash text, p_group text, p_count boolean, p_client_address inet)
RETURNS TABLE (
  id uuid, business_id uuid, mode "Mode", hint text, scope "ApiKeyScope", eligibility text,
  stale_last_used boolean, rate_limit_per_minute integer, require_live_consent boolean,
  allowed boolean, remaining integer, reset_seconds integer
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k record;
  v_eligibility text;
  v_allowed boolean;
  v_remaining integer;
  v_reset integer;
BEGIN
  SELECT ak.id, ak.business_id, ak.mode, ak.hint, ak.scope, ak.revoked_at, ak.expires_at, ak.allowed_ips,
         ak.last_used_at IS NULL OR ak.last_used_at < now() - interval '1 minute' AS stale_last_used,
         b.status, b.plan, b.rate_limit_per_minute, b.require_live_consent
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
    WHEN k.scope = 'read_only' AND p_group = 'verify' THEN 'read_only'
    ELSE 'ok'
  END;
  IF p_count AND v_eligibility = 'ok' THEN
    SELECT h.allowed, h.remaining, h.reset_seconds INTO v_allowed, v_remaining, v_reset FROM rate_limit_hit('api:' || k.business_id || ':' || k.mode || ':' || p_group, k.rate_limit_per_minute, 60) h;
  END IF;
  RETURN QUERY SELECT k.id, k.business_id, k.mode, k.hint, k.scope, v_eligibility, k.stale_last_used,
                      k.rate_limit_per_minute, k.require_live_consent, v_allowed, v_remaining, v_reset;
END
$$;
