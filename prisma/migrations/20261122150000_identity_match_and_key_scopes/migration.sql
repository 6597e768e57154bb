-- Identity match (product rules §16) and key scopes (§17).
CREATE TYPE "ApiKeyScope" AS ENUM ('full', 'match_only', 'read_only');
ALTER TABLE api_key ADD COLUMN scope "ApiKeyScope" NOT NULL DEFAULT 'full';

-- Only the match results are kept ({"fullName": {"result", "score"}, "dateOfBirth": {"result"}});
-- the claimed name and date never reach the database.
ALTER TABLE verification ADD COLUMN match jsonb;

-- api_authenticate also returns the key's scope (the return type changes, so drop and recreate).
DROP FUNCTION api_authenticate(text, text, boolean);
CREATE FUNCTION api_authenticate(p_key_hash text, p_group text, p_count boolean)
RETURNS TABLE (
  id uuid, business_id uuid, mode "Mode", hint text, scope "ApiKeyScope",
  revoked boolean, expired boolean, stale_last_used boolean,
  status "BusinessStatus", plan "Plan", rate_limit_per_minute integer,
  allowed boolean, remaining integer, reset_seconds integer
)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  k record;
  v_allowed boolean;
  v_remaining integer;
  v_reset integer;
BEGIN
  SELECT ak.id, ak.business_id, ak.mode, ak.hint, ak.scope,
         ak.revoked_at IS NOT NULL AS revoked,
         ak.expires_at IS NOT NULL AND ak.expires_at <= now() AS expired,
         ak.last_used_at IS NULL OR ak.last_used_at < now() - interval '1 minute' AS stale_last_used,
         b.status, b.plan, b.rate_limit_per_minute
    INTO k
    FROM api_key ak JOIN business b ON b.id = ak.business_id
   WHERE ak.hash = p_key_hash;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- A read-only key is refused by verify before it is counted.
  IF p_count AND NOT k.revoked AND NOT k.expired AND k.status = 'active' AND (k.mode = 'test' OR k.plan = 'enterprise')
     AND NOT (k.scope = 'read_only' AND p_group = 'verify') THEN
    SELECT h.allowed, h.remaining, h.reset_seconds INTO v_allowed, v_remaining, v_reset FROM rate_limit_hit('api:' || k.business_id || ':' || k.mode || ':' || p_group, k.rate_limit_per_minute, 60) h;
  END IF;
  RETURN QUERY SELECT k.id, k.business_id, k.mode, k.hint, k.scope, k.revoked, k.expired, k.stale_last_used,
                      k.status, k.plan, k.rate_limit_per_minute, v_allowed, v_remaining, v_reset;
END
$$;
