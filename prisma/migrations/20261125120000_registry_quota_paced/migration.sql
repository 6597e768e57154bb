-- The shared quota paces its grants instead of granting a window's worth at once (product rules,
-- "The national registry gateway"). A burst of REGISTRY_MAX_RPS grants left together and reached the
-- gateway spread out by each process's queueing, so that its tail could land in the gateway's next
-- one-second window beside the next burst; grants one spacing (window / max_calls) apart arrive as
-- they were granted. An interactive caller told to wait holds the slot it waits for against batch
-- calls (`interactive_waiting_until`), so that paced batch calls, which take every slot, never keep
-- a single verify waiting.
ALTER TABLE registry_gateway ADD COLUMN interactive_waiting_until timestamptz(3);

-- The one current definition of registry_quota_take (20261125070000_registry_gateway made it): grant a
-- call now (returns 0) or say how many milliseconds until one may be. A grant needs all of:
-- - no 429 pause (`paused_until`);
-- - one spacing since the fleet's last grant, so at most max_calls in any window of window_ms;
-- - fewer than its cap granted in the window: max_calls, or for a batch call while interactive
--   calls were granted in the window, max_calls - batch_reserve;
-- - for a batch call, no interactive caller waiting for this slot (its hold lasts the slot's time
--   plus a grace for the caller's way back).
CREATE OR REPLACE FUNCTION registry_quota_take(gw text, max_calls integer, window_ms integer, want text, batch_reserve integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  now_ts timestamptz;
  paused timestamptz;
  held timestamptz;
  used integer;
  interactive_used integer;
  last_grant timestamptz;
  nth_oldest timestamptz;
  cap integer;
  next_free timestamptz;
  span interval := make_interval(secs => window_ms / 1000.0);
  spacing interval := make_interval(secs => window_ms / 1000.0 / max_calls);
  grace interval := interval '100 milliseconds';
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('registry_quota:' || gw));
  now_ts := clock_timestamp();
  SELECT paused_until, interactive_waiting_until INTO paused, held FROM registry_gateway WHERE gateway = gw;
  IF paused > now_ts THEN
    RETURN greatest(1, ceil(extract(epoch FROM paused - now_ts) * 1000))::integer;
  END IF;
  DELETE FROM registry_quota_grant WHERE gateway = gw AND granted_at <= now_ts - span;
  SELECT count(*), count(*) FILTER (WHERE priority = 'interactive'), max(granted_at)
    INTO used, interactive_used, last_grant FROM registry_quota_grant WHERE gateway = gw;
  cap := CASE WHEN want = 'batch' AND interactive_used > 0 THEN max_calls - batch_reserve ELSE max_calls END;
  next_free := coalesce(last_grant + spacing, now_ts);
  IF used >= cap THEN
    -- A slot frees when enough of the oldest grants leave the window.
    SELECT granted_at INTO nth_oldest FROM registry_quota_grant WHERE gateway = gw ORDER BY granted_at OFFSET (used - cap) LIMIT 1;
    next_free := greatest(next_free, nth_oldest + span);
  END IF;
  IF want = 'batch' AND held > now_ts THEN
    -- Ask again after a spacing: the interactive caller may have taken its slot by then.
    next_free := greatest(next_free, least(held, now_ts + spacing));
  END IF;
  IF next_free <= now_ts THEN
    INSERT INTO registry_quota_grant (gateway, granted_at, priority) VALUES (gw, now_ts, want);
    IF want = 'interactive' THEN
      -- The hold was for this slot unless a caller waits for a later one.
      UPDATE registry_gateway SET interactive_waiting_until = NULL WHERE gateway = gw AND interactive_waiting_until <= now_ts + grace + spacing / 2;
    END IF;
    RETURN 0;
  END IF;
  IF want = 'interactive' THEN
    INSERT INTO registry_gateway (gateway, interactive_waiting_until) VALUES (gw, next_free + grace)
    ON CONFLICT (gateway) DO UPDATE
      SET interactive_waiting_until = greatest(registry_gateway.interactive_waiting_until, excluded.interactive_waiting_until);
  END IF;
  RETURN greatest(1, ceil(extract(epoch FROM next_free - now_ts) * 1000))::integer;
END $$;
