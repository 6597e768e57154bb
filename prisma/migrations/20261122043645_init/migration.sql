-- CreateEnum
CREATE TYPE "Mode" AS ENUM ('test', 'live');

-- CreateEnum
CREATE TYPE "BusinessStatus" AS ENUM ('active', 'suspended');

-- CreateEnum
CREATE TYPE "Plan" AS ENUM ('starter', 'enterprise');

-- CreateEnum
CREATE TYPE "LiveAccess" AS ENUM ('none', 'pending', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('owner', 'developer', 'viewer');

-- CreateEnum
CREATE TYPE "VerificationResult" AS ENUM ('verified', 'not_found', 'expired', 'revoked');

-- CreateEnum
CREATE TYPE "Channel" AS ENUM ('api', 'portal');

-- CreateEnum
CREATE TYPE "LedgerKind" AS ENUM ('grant', 'usage', 'refund', 'adjustment');

-- CreateEnum
CREATE TYPE "CitizenStatus" AS ENUM ('active', 'revoked');

-- CreateEnum
CREATE TYPE "ApplicationStatus" AS ENUM ('pending', 'approved', 'rejected');

-- CreateEnum
CREATE TYPE "DeliveryStatus" AS ENUM ('pending', 'succeeded', 'failed');

-- CreateTable
CREATE TABLE "app_user" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "password_hash" TEXT NOT NULL,
    "is_platform_admin" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "app_user_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "business" (
    "id" UUID NOT NULL,
    "name" TEXT NOT NULL,
    "status" "BusinessStatus" NOT NULL DEFAULT 'active',
    "plan" "Plan" NOT NULL DEFAULT 'starter',
    "live_access" "LiveAccess" NOT NULL DEFAULT 'none',
    "rate_limit_per_minute" INTEGER NOT NULL DEFAULT 60,
    "credit_balance" INTEGER NOT NULL DEFAULT 0,
    "low_credit_threshold" INTEGER NOT NULL DEFAULT 100,
    "test_verification_count" INTEGER NOT NULL DEFAULT 0,
    "live_verification_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "business_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "membership" (
    "user_id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "role" "Role" NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "membership_pkey" PRIMARY KEY ("user_id","business_id")
);

-- CreateTable
CREATE TABLE "invitation" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "role" "Role" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "created_by_id" UUID NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "accepted_at" TIMESTAMPTZ(3),

    CONSTRAINT "invitation_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "api_key" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "name" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "hint" TEXT NOT NULL,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3),
    "revoked_at" TIMESTAMPTZ(3),
    "last_used_at" TIMESTAMPTZ(3),

    CONSTRAINT "api_key_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "verification" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "seq" INTEGER NOT NULL,
    "reference" TEXT NOT NULL,
    "result" "VerificationResult" NOT NULL,
    "purpose" TEXT,
    "channel" "Channel" NOT NULL,
    "national_id_hash" TEXT NOT NULL,
    "national_id_last4" TEXT NOT NULL,
    "credits_used" INTEGER NOT NULL,
    "api_key_id" UUID,
    "user_id" UUID,
    "request_id" TEXT NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "verification_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "idempotency_record" (
    "business_id" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "key" TEXT NOT NULL,
    "request_hash" TEXT NOT NULL,
    "state" TEXT NOT NULL,
    "response_status" INTEGER,
    "response" BYTEA,
    "locked_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "idempotency_record_pkey" PRIMARY KEY ("business_id","mode","key")
);

-- CreateTable
CREATE TABLE "credit_ledger_entry" (
    "id" BIGSERIAL NOT NULL,
    "business_id" UUID NOT NULL,
    "kind" "LedgerKind" NOT NULL,
    "amount" INTEGER NOT NULL,
    "balance_after" INTEGER NOT NULL,
    "note" TEXT,
    "actor_user_id" UUID,
    "verification_id" UUID,
    "request_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "credit_ledger_entry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_log_entry" (
    "id" BIGSERIAL NOT NULL,
    "business_id" UUID,
    "mode" "Mode",
    "actor_type" TEXT NOT NULL,
    "actor_id" TEXT,
    "action" TEXT NOT NULL,
    "target_type" TEXT,
    "target_id" TEXT,
    "metadata" JSONB NOT NULL DEFAULT '{}',
    "request_id" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "prev_hash" TEXT NOT NULL DEFAULT '',
    "hash" TEXT NOT NULL DEFAULT '',

    CONSTRAINT "audit_log_entry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "citizen_record" (
    "national_id_hash" TEXT NOT NULL,
    "full_name" TEXT NOT NULL,
    "date_of_birth" DATE NOT NULL,
    "date_of_issue" DATE NOT NULL,
    "date_of_expiry" DATE NOT NULL,
    "status" "CitizenStatus" NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "citizen_record_pkey" PRIMARY KEY ("national_id_hash")
);

-- CreateTable
CREATE TABLE "live_access_application" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "legal_name" TEXT NOT NULL,
    "registration_number" TEXT NOT NULL,
    "country" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "contact_name" TEXT NOT NULL,
    "contact_email" TEXT NOT NULL,
    "intended_use" TEXT NOT NULL,
    "expected_monthly_volume" INTEGER NOT NULL,
    "status" "ApplicationStatus" NOT NULL DEFAULT 'pending',
    "rejection_reason" TEXT,
    "submitted_by_id" UUID NOT NULL,
    "decided_by_id" UUID,
    "decided_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "live_access_application_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "outbox_event" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "type" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "dispatched_at" TIMESTAMPTZ(3),

    CONSTRAINT "outbox_event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_endpoint" (
    "id" UUID NOT NULL,
    "business_id" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "url" TEXT NOT NULL,
    "secret" BYTEA NOT NULL,
    "previous_secret" BYTEA,
    "previous_secret_expires_at" TIMESTAMPTZ(3),
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabled_reason" TEXT,
    "disabled_at" TIMESTAMPTZ(3),
    "last_success_at" TIMESTAMPTZ(3),
    "failing_since" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "webhook_endpoint_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_delivery" (
    "id" UUID NOT NULL,
    "endpoint_id" UUID NOT NULL,
    "event_id" UUID NOT NULL,
    "event_type" TEXT NOT NULL,
    "status" "DeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempt_count" INTEGER NOT NULL DEFAULT 0,
    "next_attempt_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "completed_at" TIMESTAMPTZ(3),

    CONSTRAINT "webhook_delivery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "webhook_attempt" (
    "id" BIGSERIAL NOT NULL,
    "delivery_id" UUID NOT NULL,
    "attempted_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "status_code" INTEGER,
    "latency_ms" INTEGER NOT NULL,
    "response_excerpt" TEXT,
    "error" TEXT,

    CONSTRAINT "webhook_attempt_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "request_log_entry" (
    "id" BIGSERIAL NOT NULL,
    "business_id" UUID NOT NULL,
    "mode" "Mode" NOT NULL,
    "method" TEXT NOT NULL,
    "path" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "latency_ms" INTEGER NOT NULL,
    "api_key_id" UUID,
    "api_key_hint" TEXT,
    "request_id" TEXT NOT NULL,
    "idempotency_key" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "request_log_entry_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "rate_limit_window" (
    "bucket" TEXT NOT NULL,
    "seconds" BIGINT[],
    "counts" INTEGER[],

    CONSTRAINT "rate_limit_window_pkey" PRIMARY KEY ("bucket")
);

-- CreateIndex
CREATE UNIQUE INDEX "app_user_email_key" ON "app_user"("email");

-- CreateIndex
CREATE INDEX "business_name_idx" ON "business"("name");

-- CreateIndex
CREATE INDEX "membership_business_id_idx" ON "membership"("business_id");

-- CreateIndex
CREATE UNIQUE INDEX "invitation_token_hash_key" ON "invitation"("token_hash");

-- CreateIndex
CREATE INDEX "invitation_business_id_idx" ON "invitation"("business_id");

-- CreateIndex
CREATE UNIQUE INDEX "api_key_hash_key" ON "api_key"("hash");

-- CreateIndex
CREATE INDEX "api_key_business_id_mode_idx" ON "api_key"("business_id", "mode");

-- CreateIndex
CREATE UNIQUE INDEX "verification_reference_key" ON "verification"("reference");

-- CreateIndex
CREATE INDEX "verification_business_id_mode_created_at_idx" ON "verification"("business_id", "mode", "created_at");

-- CreateIndex
CREATE INDEX "verification_business_id_mode_result_seq_idx" ON "verification"("business_id", "mode", "result", "seq");

-- CreateIndex
CREATE UNIQUE INDEX "verification_business_id_mode_seq_key" ON "verification"("business_id", "mode", "seq");

-- CreateIndex
CREATE INDEX "idempotency_record_expires_at_idx" ON "idempotency_record"("expires_at");

-- CreateIndex
CREATE INDEX "credit_ledger_entry_business_id_id_idx" ON "credit_ledger_entry"("business_id", "id");

-- CreateIndex
CREATE INDEX "audit_log_entry_business_id_id_idx" ON "audit_log_entry"("business_id", "id");

-- CreateIndex
CREATE INDEX "audit_log_entry_action_id_idx" ON "audit_log_entry"("action", "id");

-- CreateIndex
CREATE INDEX "live_access_application_status_created_at_idx" ON "live_access_application"("status", "created_at");

-- CreateIndex
CREATE INDEX "live_access_application_business_id_created_at_idx" ON "live_access_application"("business_id", "created_at");

-- CreateIndex
CREATE INDEX "outbox_event_dispatched_at_created_at_idx" ON "outbox_event"("dispatched_at", "created_at");

-- CreateIndex
CREATE INDEX "outbox_event_business_id_created_at_idx" ON "outbox_event"("business_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_endpoint_business_id_mode_key" ON "webhook_endpoint"("business_id", "mode");

-- CreateIndex
CREATE INDEX "webhook_delivery_endpoint_id_created_at_idx" ON "webhook_delivery"("endpoint_id", "created_at");

-- CreateIndex
CREATE UNIQUE INDEX "webhook_delivery_endpoint_id_event_id_key" ON "webhook_delivery"("endpoint_id", "event_id");

-- CreateIndex
CREATE INDEX "webhook_attempt_delivery_id_attempted_at_idx" ON "webhook_attempt"("delivery_id", "attempted_at");

-- CreateIndex
CREATE INDEX "request_log_entry_business_id_mode_created_at_idx" ON "request_log_entry"("business_id", "mode", "created_at");

-- CreateIndex
CREATE INDEX "request_log_entry_request_id_idx" ON "request_log_entry"("request_id");

-- AddForeignKey
ALTER TABLE "membership" ADD CONSTRAINT "membership_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "membership" ADD CONSTRAINT "membership_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "invitation" ADD CONSTRAINT "invitation_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "api_key" ADD CONSTRAINT "api_key_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "verification" ADD CONSTRAINT "verification_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "credit_ledger_entry" ADD CONSTRAINT "credit_ledger_entry_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "live_access_application" ADD CONSTRAINT "live_access_application_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_endpoint" ADD CONSTRAINT "webhook_endpoint_business_id_fkey" FOREIGN KEY ("business_id") REFERENCES "business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_delivery" ADD CONSTRAINT "webhook_delivery_endpoint_id_fkey" FOREIGN KEY ("endpoint_id") REFERENCES "webhook_endpoint"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "webhook_attempt" ADD CONSTRAINT "webhook_attempt_delivery_id_fkey" FOREIGN KEY ("delivery_id") REFERENCES "webhook_delivery"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- ---------------------------------------------------------------------------------------------
-- Hand-written: invariants and mechanisms Prisma's schema language cannot express.
-- ---------------------------------------------------------------------------------------------

-- Credits can never go below zero, whatever the concurrency (DECISIONS §5).
ALTER TABLE "business" ADD CONSTRAINT "business_credit_balance_nonnegative" CHECK ("credit_balance" >= 0);

-- The audit log is hash-chained: each entry's hash covers its content and the previous hash, so an
-- edit or a removed entry breaks the chain (verified by `npm run cli -- audit:verify`).
CREATE FUNCTION audit_entry_hash(e "audit_log_entry") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|',
    e.prev_hash, e.id::text, coalesce(e.business_id::text, ''), coalesce(e.mode::text, ''),
    e.actor_type, coalesce(e.actor_id, ''), e.action, coalesce(e.target_type, ''),
    coalesce(e.target_id, ''), e.metadata::text, coalesce(e.request_id, ''),
    to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ), 'UTF8')), 'hex')
$$;

-- Entries are chained in commit order: the lock is held until the inserting transaction ends, and
-- the id and timestamp are assigned under it. (A VOLATILE plpgsql function takes a fresh snapshot
-- per query, so it sees the entry its predecessor committed while it waited.)
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  last_hash text;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtext('hubi.audit_log_entry.chain'));
  NEW.id := nextval(pg_get_serial_sequence('audit_log_entry', 'id'));
  NEW.created_at := clock_timestamp();
  SELECT hash INTO last_hash FROM "audit_log_entry" ORDER BY id DESC LIMIT 1;
  NEW.prev_hash := coalesce(last_hash, '');
  NEW.hash := audit_entry_hash(NEW);
  RETURN NEW;
END
$$;

CREATE TRIGGER "audit_log_entry_chain" BEFORE INSERT ON "audit_log_entry"
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();

CREATE FUNCTION audit_log_refuse_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_log_entry is append-only: % is not allowed', TG_OP;
END
$$;

CREATE TRIGGER "audit_log_entry_append_only" BEFORE UPDATE OR DELETE OR TRUNCATE ON "audit_log_entry"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_log_refuse_change();

-- Rolling-window rate limiting with per-second resolution: a bucket's row holds the request count
-- of each of the last `p_window` seconds. The row lock makes check-and-count atomic, so exactly
-- `p_limit` requests are admitted under any concurrency, across any number of app processes.
-- Counters are disposable, so the table skips the write-ahead log.
ALTER TABLE "rate_limit_window" SET UNLOGGED;

CREATE FUNCTION rate_limit_hit(p_bucket text, p_limit integer, p_window integer)
RETURNS TABLE (allowed boolean, remaining integer, reset_seconds integer)
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  now_s bigint := floor(extract(epoch FROM clock_timestamp()));
  secs bigint[];
  cnts integer[];
  kept_secs bigint[] := '{}';
  kept_cnts integer[] := '{}';
  total integer := 0;
  n integer;
BEGIN
  SELECT seconds, counts INTO secs, cnts FROM "rate_limit_window" WHERE bucket = p_bucket FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO "rate_limit_window" (bucket, seconds, counts) VALUES (p_bucket, '{}', '{}')
      ON CONFLICT (bucket) DO NOTHING;
    SELECT seconds, counts INTO secs, cnts FROM "rate_limit_window" WHERE bucket = p_bucket FOR UPDATE;
  END IF;
  FOR i IN 1 .. coalesce(array_length(secs, 1), 0) LOOP
    IF secs[i] > now_s - p_window THEN
      kept_secs := kept_secs || secs[i];
      kept_cnts := kept_cnts || cnts[i];
      total := total + cnts[i];
    END IF;
  END LOOP;
  IF total >= p_limit THEN
    RETURN QUERY SELECT false, 0, (kept_secs[1] + p_window - now_s)::integer;
    RETURN;
  END IF;
  n := coalesce(array_length(kept_secs, 1), 0);
  IF n > 0 AND kept_secs[n] = now_s THEN
    kept_cnts[n] := kept_cnts[n] + 1;
  ELSE
    kept_secs := kept_secs || now_s;
    kept_cnts := kept_cnts || 1;
  END IF;
  UPDATE "rate_limit_window" SET seconds = kept_secs, counts = kept_cnts WHERE bucket = p_bucket;
  RETURN QUERY SELECT true, p_limit - total - 1, (kept_secs[1] + p_window - now_s)::integer;
END
$$;
