-- One round trip for the first two steps of every /api/v1 request: find the key with its business
-- and, only when the key may be used, count the request against the business's rolling-window
-- limit (rate_limit_hit) — unless p_count is false because the counters live in Redis. The
-- application reads the flags to say what is wrong with a key.
CREATE FUNCTION api_authenticate(p_key_hash text, p_group text, p_count boolean)
RETURNS TABLE (
  id uuid, business_id uuid, mode "Mode", hint text,
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
  SELECT ak.id, ak.business_id, ak.mode, ak.hint,
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
  IF p_count AND NOT k.revoked AND NOT k.expired AND k.status = 'active' AND (k.mode = 'test' OR k.plan = 'enterprise') THEN
    SELECT h.allowed, h.remaining, h.reset_seconds INTO v_allowed, v_remaining, v_reset FROM rate_limit_hit('api:' || k.business_id || ':' || k.mode || ':' || p_group, k.rate_limit_per_minute, 60) h;
  END IF;
  RETURN QUERY SELECT k.id, k.business_id, k.mode, k.hint, k.revoked, k.expired, k.stale_last_used,
                      k.status, k.plan, k.rate_limit_per_minute, v_allowed, v_remaining, v_reset;
END
$$;
