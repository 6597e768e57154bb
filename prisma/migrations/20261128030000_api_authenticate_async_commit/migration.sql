-- api_authenticate, whole, as 20261125090000_api_authenticate_current defines it, with one change:
-- when it counts the request, its transaction commits asynchronously (synchronous_commit off for
-- that transaction alone). The count is the transaction's only write, and losing the last few
-- counts in a crash is harmless; waiting for the WAL's flush was not: every request of a business
-- locks that business's rate-limit row until its commit ends, so with a synchronous commit the
-- requests of one business passed that row one disk flush at a time, and each request waited for
-- a flush before its work began. It must stay the only statement of its transaction (the app
-- sends it alone): a transaction that called it would commit its other writes asynchronously too.
-- Read this definition from now on; replace it whole, by a new migration, to change it.
CREATE OR REPLACE FUNCTION api_authenticate(p_key_hash text, p_group text, p_count boolean, p_client_address inet)
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
    -- Its transaction's only write: commit it without waiting for the WAL's flush.
    PERFORM set_config('synchronous_commit', 'off', true);
    SELECT h.allowed, h.remaining, h.reset_seconds INTO v_allowed, v_remaining, v_reset FROM rate_limit_hit('api:' || k.business_id || ':' || k.mode || ':' || p_group, v_limit, 60) h;
  END IF;
  RETURN QUERY SELECT k.id, k.business_id, k.mode, k.hint, k.scope, v_eligibility, k.stale_last_used,
                      v_limit, k.require_live_consent, k.answer_pending_with_202, v_allowed, v_remaining, v_reset;
END
$$;
