-- The national registry gateway (product rules, "The national registry gateway").
-- A card holder who has died: a verification result of its own.
ALTER TYPE "VerificationResult" ADD VALUE 'deceased';

-- One row: the deployment's gateway token (encrypted), refreshed by one process at a time, and the
-- moment until which every process holds back because the gateway answered 429 with Retry-After.
CREATE TABLE registry_gateway (
  id smallint PRIMARY KEY CHECK (id = 1),
  access_token bytea,
  token_expires_at timestamptz(3),
  paused_until timestamptz(3)
);
INSERT INTO registry_gateway (id) VALUES (1);

-- The shared quota: one row per gateway call granted in the last seconds, by every process.
CREATE TABLE registry_quota_grant (
  granted_at timestamptz(3) NOT NULL,
  priority text NOT NULL
);
CREATE INDEX registry_quota_grant_at_idx ON registry_quota_grant (granted_at);

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
