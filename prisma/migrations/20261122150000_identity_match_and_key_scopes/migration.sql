-- Identity match (product rules §16) and key scopes (§17).
CREATE TYPE "ApiKeyScope" AS ENUM ('full', 'match_only', 'read_only');
ALTER TABLE api_key ADD COLUMN scope "ApiKeyScope" NOT NULL DEFAULT 'full';

-- Only the match results are kept ({"fullName": {"result", "score"}, "dateOfBirth": {"result"}});
-- the claimed name and date never reach the database.
ALTER TABLE verification ADD COLUMN match jsonb;

-- One closed status says whether a request may go on (product rules §1, §2, §17), computed here
-- and only here; the application turns each status into its error. The business part is its own
-- function so that the portal, which has no key, asks the same question.
CREATE FUNCTION business_eligibility(p_status "BusinessStatus", p_plan "Plan", p_mode "Mode")
RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE
    WHEN p_status <> 'active' THEN 'suspended'
    WHEN p_mode = 'live' AND p_plan <> 'enterprise' THEN 'live_not_enabled'
    ELSE 'ok'
  END
$$;

-- api_authenticate returns the key's eligibility and scope (the return type changes: drop and recreate).
DROP FUNCTION api_authenticate(text, text, boolean);
CREATE FUNCTION api_authenticate(p_key_hash text, p_group text, p_count boolean)
RETURNS TABLE (
  id uuid, business_id uuid, mode "Mode", hint text, scope "ApiKeyScope", eligibility text,
  stale_last_used boolean, rate_limit_per_minute integer,
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
  SELECT ak.id, ak.business_id, ak.mode, ak.hint, ak.scope, ak.revoked_at, ak.expires_at,
         ak.last_used_at IS NULL OR ak.last_used_at < now() - interval '1 minute' AS stale_last_used,
         b.status, b.plan, b.rate_limit_per_minute
    INTO k
    FROM api_key ak JOIN business b ON b.id = ak.business_id
   WHERE ak.hash = p_key_hash;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  v_eligibility := CASE
    WHEN k.revoked_at IS NOT NULL THEN 'revoked'
    WHEN k.expires_at IS NOT NULL AND k.expires_at <= now() THEN 'expired'
    WHEN business_eligibility(k.status, k.plan, k.mode) <> 'ok' THEN business_eligibility(k.status, k.plan, k.mode)
    WHEN k.scope = 'read_only' AND p_group = 'verify' THEN 'read_only'
    ELSE 'ok'
  END;
  -- Only a request that may go on is counted against the limit.
  IF p_count AND v_eligibility = 'ok' THEN
    SELECT h.allowed, h.remaining, h.reset_seconds INTO v_allowed, v_remaining, v_reset FROM rate_limit_hit('api:' || k.business_id || ':' || k.mode || ':' || p_group, k.rate_limit_per_minute, 60) h;
  END IF;
  RETURN QUERY SELECT k.id, k.business_id, k.mode, k.hint, k.scope, v_eligibility, k.stale_last_used,
                      k.rate_limit_per_minute, v_allowed, v_remaining, v_reset;
END
$$;
