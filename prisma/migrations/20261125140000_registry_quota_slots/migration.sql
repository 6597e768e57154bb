-- The shared quota grants several slots in one call (product rules, "The national registry
-- gateway"): a process whose interactive lookups wait together asks once for all of them, instead of
-- one statement (and one turn at the quota's lock) per lookup. Slots may lie ahead of now, up to
-- `horizon_ms`, each one spacing after the last: the caller makes its call when its slot comes, so
-- the gateway still sees the paced calls it saw before. registry_quota_take stays, as a call of
-- this one, for the previous release's processes during a rolling deploy; a later migration may
-- drop it.
--
-- Returns the granted slots as milliseconds from now, and when fewer than `wanted`, how many
-- milliseconds until the next one may be (asked then, it is the first of the next few). A slot
-- needs all of: no 429 pause, one spacing after the fleet's previous grant, fewer grants in the window than the
-- cap (max_calls; for a batch call while interactive calls were granted, max_calls - batch_reserve)
-- and, for a batch call, no interactive caller holding the slot.
CREATE FUNCTION registry_quota_take_slots(gw text, max_calls integer, window_ms integer, want text, batch_reserve integer, wanted integer, horizon_ms integer,
                                          OUT slots_ms integer[], OUT wait_ms integer)
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
  horizon interval := make_interval(secs => horizon_ms / 1000.0);
  grace interval := interval '100 milliseconds';
BEGIN
  IF wanted < 1 THEN
    RAISE EXCEPTION 'registry_quota_take_slots: wanted must be at least 1, not %', wanted;
  END IF;
  slots_ms := '{}';
  wait_ms := 0;
  PERFORM pg_advisory_xact_lock(hashtext('registry_quota:' || gw));
  now_ts := clock_timestamp();
  SELECT paused_until, interactive_waiting_until INTO paused, held FROM registry_gateway WHERE gateway = gw;
  IF paused > now_ts THEN
    wait_ms := greatest(1, ceil(extract(epoch FROM paused - now_ts) * 1000))::integer;
    RETURN;
  END IF;
  DELETE FROM registry_quota_grant WHERE gateway = gw AND granted_at <= now_ts - span;
  SELECT count(*), count(*) FILTER (WHERE priority = 'interactive'), max(granted_at)
    INTO used, interactive_used, last_grant FROM registry_quota_grant WHERE gateway = gw;
  cap := CASE WHEN want = 'batch' AND interactive_used > 0 THEN max_calls - batch_reserve ELSE max_calls END;
  LOOP
    next_free := greatest(now_ts, coalesce(last_grant + spacing, now_ts));
    IF used >= cap THEN
      -- A slot frees when enough of the oldest grants leave the window.
      SELECT granted_at INTO nth_oldest FROM registry_quota_grant WHERE gateway = gw ORDER BY granted_at OFFSET (used - cap) LIMIT 1;
      next_free := greatest(next_free, nth_oldest + span);
    END IF;
    IF want = 'batch' AND held > now_ts THEN
      -- Ask again after a spacing: the interactive caller may have taken its slot by then.
      next_free := greatest(next_free, least(held, now_ts + spacing));
    END IF;
    EXIT WHEN next_free > now_ts + horizon OR cardinality(slots_ms) >= wanted;
    INSERT INTO registry_quota_grant (gateway, granted_at, priority) VALUES (gw, next_free, want);
    slots_ms := slots_ms || ceil(extract(epoch FROM next_free - now_ts) * 1000)::integer;
    used := used + 1;
    last_grant := next_free;
  END LOOP;
  IF cardinality(slots_ms) >= wanted THEN
    IF want = 'interactive' THEN
      -- The hold was for these slots unless a caller waits for a later one.
      UPDATE registry_gateway SET interactive_waiting_until = NULL WHERE gateway = gw AND interactive_waiting_until <= last_grant + grace + spacing / 2;
    END IF;
    RETURN;
  END IF;
  -- Callers are left without a slot: they ask again when the next one is free, and an interactive
  -- one holds it against batch calls meanwhile.
  IF want = 'interactive' THEN
    INSERT INTO registry_gateway (gateway, interactive_waiting_until) VALUES (gw, next_free + grace)
    ON CONFLICT (gateway) DO UPDATE
      SET interactive_waiting_until = greatest(registry_gateway.interactive_waiting_until, excluded.interactive_waiting_until);
  END IF;
  wait_ms := greatest(1, ceil(extract(epoch FROM next_free - now_ts) * 1000))::integer;
END $$;

-- The previous release's one-slot call, now the same rules: one slot, none ahead of now.
CREATE OR REPLACE FUNCTION registry_quota_take(gw text, max_calls integer, window_ms integer, want text, batch_reserve integer) RETURNS integer
LANGUAGE sql AS $$
  SELECT CASE WHEN cardinality(t.slots_ms) > 0 THEN 0 ELSE t.wait_ms END
    FROM registry_quota_take_slots(gw, max_calls, window_ms, want, batch_reserve, 1, 0) t
$$;
