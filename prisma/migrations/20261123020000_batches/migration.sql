-- Batches: a file of verify requests processed in chunks by workers (product rules §18).

ALTER TYPE "Channel" ADD VALUE 'batch';

CREATE TYPE "BatchStatus" AS ENUM ('queued', 'processing', 'completed', 'cancelled', 'failed');

CREATE TABLE batch (
  id                   uuid PRIMARY KEY,
  business_id          uuid NOT NULL REFERENCES business(id) ON DELETE CASCADE,
  mode                 "Mode" NOT NULL,
  status               "BatchStatus" NOT NULL DEFAULT 'queued',
  total_rows           integer NOT NULL,
  processed_rows       integer NOT NULL DEFAULT 0,
  verified             integer NOT NULL DEFAULT 0,
  not_found            integer NOT NULL DEFAULT 0,
  expired              integer NOT NULL DEFAULT 0,
  revoked              integer NOT NULL DEFAULT 0,
  invalid              integer NOT NULL DEFAULT 0,
  insufficient_credits integer NOT NULL DEFAULT 0,
  credits_used         integer NOT NULL DEFAULT 0,
  chunk_count          integer NOT NULL,
  chunks_done          integer NOT NULL DEFAULT 0,
  -- `match_only` keys never see citizen details; results carry none anyway, the scope is kept for the record.
  scope                "ApiKeyScope" NOT NULL DEFAULT 'full',
  api_key_id           uuid,
  user_id              uuid,
  request_id           text NOT NULL,
  created_at           timestamptz(3) NOT NULL DEFAULT now(),
  completed_at         timestamptz(3),
  CHECK (processed_rows <= total_rows AND chunks_done <= chunk_count)
);
CREATE INDEX batch_business_idx ON batch (business_id, mode, created_at DESC, id DESC);

-- The work queue: one row per chunk of input rows. A worker claims a chunk with
-- FOR UPDATE SKIP LOCKED and does all of its work in that same transaction, so a worker that dies
-- releases it at once and a finished chunk (done_at set, input gone) is never done twice.
CREATE TABLE batch_chunk (
  batch_id   uuid NOT NULL REFERENCES batch(id) ON DELETE CASCADE,
  chunk_no   integer NOT NULL,
  first_row  integer NOT NULL,
  row_count  integer NOT NULL,
  -- AES-256-GCM (server key) of the chunk's rows; deleted by the transaction that writes their results.
  input      bytea,
  done_at    timestamptz(3),
  attempts   integer NOT NULL DEFAULT 0,
  PRIMARY KEY (batch_id, chunk_no)
);
CREATE INDEX batch_chunk_pending_idx ON batch_chunk (batch_id, chunk_no) WHERE done_at IS NULL;

-- One result per input row, in input order. Never citizen details, never the national ID.
CREATE TABLE batch_result (
  batch_id        uuid NOT NULL REFERENCES batch(id) ON DELETE CASCADE,
  row_no          integer NOT NULL,
  result          text NOT NULL,
  reference       text,
  verification_id uuid,
  match           jsonb,
  error           text,
  PRIMARY KEY (batch_id, row_no)
);

-- The batch group has its own limit (10 creations a minute per business and mode), and read_only
-- keys may not create batches. Same signature as before: only the group rules change.
CREATE OR REPLACE FUNCTION api_authenticate(p_key_hash text, p_group text, p_count boolean, p_client_address inet)
RETURNS TABLE (
  id uuid, business_id uuid, mode "Mode", hint text, scope "ApiKeyScope", eligibility text,
  stale_last_used boolean, rate_limit_per_minute integer, require_live_consent boolean,
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
    WHEN k.scope = 'read_only' AND p_group IN ('verify', 'batch') THEN 'read_only'
    ELSE 'ok'
  END;
  v_limit := CASE WHEN p_group = 'batch' THEN 10 ELSE k.rate_limit_per_minute END;
  IF p_count AND v_eligibility = 'ok' THEN
    SELECT h.allowed, h.remaining, h.reset_seconds INTO v_allowed, v_remaining, v_reset FROM rate_limit_hit('api:' || k.business_id || ':' || k.mode || ':' || p_group, v_limit, 60) h;
  END IF;
  RETURN QUERY SELECT k.id, k.business_id, k.mode, k.hint, k.scope, v_eligibility, k.stale_last_used,
                      v_limit, k.require_live_consent, v_allowed, v_remaining, v_reset;
END
$$;
