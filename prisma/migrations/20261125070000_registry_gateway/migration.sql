-- The national registry gateway (product rules, "The national registry gateway").
-- A card holder who has died: a verification result of its own.
ALTER TYPE "VerificationResult" ADD VALUE 'deceased';

-- Per gateway and client (`url|client id`: a new URL or client starts afresh): the deployment's token
-- (encrypted), refreshed by the one process that claims the refresh, and the moment until which every
-- process holds back because the gateway answered 429.
CREATE TABLE registry_gateway (
  gateway text PRIMARY KEY,
  access_token bytea,
  token_expires_at timestamptz(3),
  token_refresh_at timestamptz(3),
  refresh_claimed_until timestamptz(3),
  token_requested_at timestamptz(3),
  paused_until timestamptz(3)
);

-- The shared quota: one row per gateway call granted in the last seconds, by every process.
CREATE TABLE registry_quota_grant (
  gateway text NOT NULL,
  granted_at timestamptz(3) NOT NULL,
  priority text NOT NULL
);
CREATE INDEX registry_quota_grant_at_idx ON registry_quota_grant (gateway, granted_at);

-- Each process's circuit breaker as it last published it: the admin panel shows the fleet.
CREATE TABLE registry_breaker (
  process_id text PRIMARY KEY,
  state text NOT NULL,
  updated_at timestamptz(3) NOT NULL
);

-- Gateway calls by minute (every process adds its own): calls, faults, latency buckets in ms.
CREATE TABLE registry_call_minute (
  minute timestamptz(0) PRIMARY KEY,
  calls integer NOT NULL DEFAULT 0,
  faults integer NOT NULL DEFAULT 0,
  rejected integer NOT NULL DEFAULT 0,
  latency_buckets integer[] NOT NULL
);

-- Gateway calls per business per day: what the authority bills, to reconcile its invoice.
CREATE TABLE registry_call_day (
  business_id uuid NOT NULL,
  day date NOT NULL,
  calls integer NOT NULL DEFAULT 0,
  PRIMARY KEY (business_id, day)
);

-- The shared quota's one step, under one lock: grant a call now (returns 0) or say how many
-- milliseconds until one may be granted. At most max_calls grants in any window of window_ms;
-- while interactive calls were granted in the window, batch calls leave batch_reserve of them free.
CREATE FUNCTION registry_quota_take(gw text, max_calls integer, window_ms integer, want text, batch_reserve integer) RETURNS integer
LANGUAGE plpgsql AS $$
DECLARE
  now_ts timestamptz;
  paused timestamptz;
  used integer;
  interactive_used integer;
  nth_oldest timestamptz;
  cap integer;
  span interval := make_interval(secs => window_ms / 1000.0);
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('registry_quota:' || gw));
  now_ts := clock_timestamp();
  SELECT paused_until INTO paused FROM registry_gateway WHERE gateway = gw;
  IF paused > now_ts THEN
    RETURN greatest(1, ceil(extract(epoch FROM paused - now_ts) * 1000))::integer;
  END IF;
  DELETE FROM registry_quota_grant WHERE gateway = gw AND granted_at <= now_ts - span;
  SELECT count(*), count(*) FILTER (WHERE priority = 'interactive') INTO used, interactive_used FROM registry_quota_grant WHERE gateway = gw;
  cap := CASE WHEN want = 'batch' AND interactive_used > 0 THEN max_calls - batch_reserve ELSE max_calls END;
  IF used < cap THEN
    INSERT INTO registry_quota_grant (gateway, granted_at, priority) VALUES (gw, now_ts, want);
    RETURN 0;
  END IF;
  -- Full: a slot frees when enough of the oldest grants leave the window.
  SELECT granted_at INTO nth_oldest FROM registry_quota_grant WHERE gateway = gw ORDER BY granted_at OFFSET (used - cap) LIMIT 1;
  RETURN greatest(1, ceil(extract(epoch FROM nth_oldest + span - now_ts) * 1000))::integer;
END $$;
