-- Per-key IP allowlists (product rules §17): canonical addresses and CIDR ranges, checked while
-- the key is looked up, so a stolen key is useless from elsewhere at no extra round trip.
ALTER TABLE api_key ADD COLUMN allowed_ips text[] NOT NULL DEFAULT '{}';
ALTER TABLE api_key ADD CONSTRAINT api_key_allowed_ips_max CHECK (cardinality(allowed_ips) <= 50);

-- The request's client address joins the arguments (drop and recreate).
DROP FUNCTION api_authenticate(text, text, boolean);
CREATE FUNCTION api_authenticate(p_key_hash text, p_group text, p_count boolean, p_client_address inet)
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
  SELECT ak.id, ak.business_id, ak.mode, ak.hint, ak.scope, ak.revoked_at, ak.expires_at, ak.allowed_ips,
         ak.last_used_at IS NULL OR ak.last_used_at < now() - interval '1 minute' AS stale_last_used,
         b.status, b.plan, b.rate_limit_per_minute
    INTO k
    FROM api_key ak JOIN business b ON b.id = ak.business_id
   WHERE ak.hash = p_key_hash;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  -- A key used from outside its allowlist learns nothing about its business (checked before the
  -- business's status). An unknown client address is outside every non-empty allowlist.
  v_eligibility := CASE
    WHEN k.revoked_at IS NOT NULL THEN 'revoked'
    WHEN k.expires_at IS NOT NULL AND k.expires_at <= now() THEN 'expired'
    WHEN cardinality(k.allowed_ips) > 0
         AND NOT coalesce(p_client_address <<= ANY (k.allowed_ips::inet[]), false) THEN 'address_not_allowed'
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
