-- One audit chain per business (plus `platform` for entries without a business and `checkpoint`
-- for checkpoints), so that writers of different businesses never wait for each other. Each chain's
-- head (its last sequence number and hash) lives in `audit_chain_head`, updated by the insert
-- trigger under that one row's lock; `chain_seq` numbers a chain's entries 1, 2, 3... without gaps
-- (a rolled-back insert rolls its head back too). A checkpoint entry commits every chain head
-- (see audit_checkpoint below), so cutting off the newest entries of a chain is detected against
-- the last checkpoint, or against an exported copy of it.

-- The old single chain must be intact before it is re-chained.
DO $$
DECLARE
  e "audit_log_entry";
  previous text := '';
BEGIN
  FOR e IN SELECT * FROM "audit_log_entry" ORDER BY id LOOP
    IF e.prev_hash <> previous OR e.hash <> audit_entry_hash(e) THEN
      RAISE EXCEPTION 'audit log entry % breaks the hash chain: fix it before migrating', e.id;
    END IF;
    previous := e.hash;
  END LOOP;
END
$$;

DROP TRIGGER "audit_log_entry_chain" ON "audit_log_entry";
DROP FUNCTION audit_log_chain();

ALTER TABLE "audit_log_entry" ADD COLUMN "chain" TEXT, ADD COLUMN "chain_seq" BIGINT;

CREATE TABLE "audit_chain_head" (
    "chain" TEXT NOT NULL,
    "seq" BIGINT NOT NULL,
    "hash" TEXT NOT NULL,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "audit_chain_head_pkey" PRIMARY KEY ("chain")
);

CREATE FUNCTION audit_chain_of(p_business_id uuid, p_action text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT coalesce(p_business_id::text, CASE WHEN p_action = 'audit.checkpoint' THEN 'checkpoint' ELSE 'platform' END)
$$;

-- The hash covers the entry's place in its chain (chain, sequence number, previous hash) and its content.
CREATE OR REPLACE FUNCTION audit_entry_hash(e "audit_log_entry") RETURNS text LANGUAGE sql STABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws('|',
    e.prev_hash, e.chain, e.chain_seq::text, coalesce(e.business_id::text, ''), coalesce(e.mode::text, ''),
    e.actor_type, coalesce(e.actor_id, ''), e.action, coalesce(e.target_type, ''),
    coalesce(e.target_id, ''), e.metadata::text, coalesce(e.request_id, ''),
    to_char(e.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
  ), 'UTF8')), 'hex')
$$;

-- Re-chain the existing entries, in their order, into their chains.
ALTER TABLE "audit_log_entry" DISABLE TRIGGER "audit_log_entry_append_only";
DO $$
DECLARE
  e "audit_log_entry";
  head "audit_chain_head";
BEGIN
  FOR e IN SELECT * FROM "audit_log_entry" ORDER BY id LOOP
    e.chain := audit_chain_of(e.business_id, e.action);
    SELECT * INTO head FROM "audit_chain_head" WHERE chain = e.chain;
    e.chain_seq := coalesce(head.seq, 0) + 1;
    e.prev_hash := coalesce(head.hash, '');
    e.hash := audit_entry_hash(e);
    UPDATE "audit_log_entry" SET chain = e.chain, chain_seq = e.chain_seq, prev_hash = e.prev_hash, hash = e.hash WHERE id = e.id;
    INSERT INTO "audit_chain_head" (chain, seq, hash, updated_at) VALUES (e.chain, e.chain_seq, e.hash, e.created_at)
    ON CONFLICT (chain) DO UPDATE SET seq = EXCLUDED.seq, hash = EXCLUDED.hash, updated_at = EXCLUDED.updated_at;
  END LOOP;
END
$$;
ALTER TABLE "audit_log_entry" ENABLE TRIGGER "audit_log_entry_append_only";

ALTER TABLE "audit_log_entry" ALTER COLUMN "chain" SET NOT NULL, ALTER COLUMN "chain_seq" SET NOT NULL;
CREATE UNIQUE INDEX "audit_log_entry_chain_chain_seq_key" ON "audit_log_entry"("chain", "chain_seq");

-- Appends the entry to its chain: locks only that chain's head row (writers of other chains never
-- wait), so entries are chained in commit order; the id and timestamp are taken under the lock, so
-- within a chain they follow chain_seq. The id is taken here only (the column no longer has a
-- default that drew a second number for every entry); ids still skip where an insert rolled back,
-- which is why people read the gapless chain + chain_seq instead. SECURITY DEFINER (fixed
-- search_path): the app's role cannot write the head table itself, only through this trigger.
CREATE FUNCTION audit_log_chain() RETURNS trigger
LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = pg_catalog, public AS $$
DECLARE
  head "audit_chain_head";
BEGIN
  NEW.chain := audit_chain_of(NEW.business_id, NEW.action);
  SELECT * INTO head FROM "audit_chain_head" WHERE chain = NEW.chain FOR UPDATE;
  IF NOT FOUND THEN
    INSERT INTO "audit_chain_head" (chain, seq, hash, updated_at) VALUES (NEW.chain, 0, '', clock_timestamp())
    ON CONFLICT (chain) DO NOTHING;
    SELECT * INTO head FROM "audit_chain_head" WHERE chain = NEW.chain FOR UPDATE;
  END IF;
  NEW.id := nextval('audit_log_entry_id_seq');
  NEW.chain_seq := head.seq + 1;
  NEW.prev_hash := head.hash;
  NEW.created_at := clock_timestamp();
  NEW.hash := audit_entry_hash(NEW);
  UPDATE "audit_chain_head" SET seq = NEW.chain_seq, hash = NEW.hash, updated_at = NEW.created_at WHERE chain = NEW.chain;
  RETURN NEW;
END
$$;

ALTER TABLE "audit_log_entry" ALTER COLUMN "id" DROP DEFAULT;

CREATE TRIGGER "audit_log_entry_chain" BEFORE INSERT ON "audit_log_entry"
  FOR EACH ROW EXECUTE FUNCTION audit_log_chain();

-- The digest a checkpoint commits to: every chain head but the checkpoint chain's own, one line each.
CREATE FUNCTION audit_heads_hash(p_heads jsonb) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(coalesce(string_agg(h.key || ':' || (h.value->>'seq') || ':' || (h.value->>'hash'), E'\n' ORDER BY h.key), ''), 'UTF8')), 'hex')
    FROM jsonb_each(p_heads) h
$$;

-- Writes a checkpoint entry (in the `checkpoint` chain, so checkpoints are chained too) holding
-- every other chain's head and their digest; returns its number in that chain, or null when skipped: when the last
-- checkpoint is younger than `p_min_interval`, or when `p_only_if_changed` and no chain moved since.
-- Safe with several callers at once (app and worker processes): they take turns on one lock, which
-- only checkpoint writers use, and the later one finds the earlier one's checkpoint.
CREATE FUNCTION audit_checkpoint(p_min_interval interval, p_only_if_changed boolean) RETURNS bigint
LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  last_at timestamptz;
  heads jsonb;
  written bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(hashtextextended('hubi.audit_log_entry.checkpoint', 0));
  SELECT updated_at INTO last_at FROM "audit_chain_head" WHERE chain = 'checkpoint';
  IF last_at IS NOT NULL AND last_at > clock_timestamp() - p_min_interval THEN
    RETURN NULL;
  END IF;
  SELECT coalesce(jsonb_object_agg(chain, jsonb_build_object('seq', seq, 'hash', hash)), '{}') INTO heads
    FROM "audit_chain_head" WHERE chain <> 'checkpoint';
  IF p_only_if_changed AND audit_heads_hash(heads) IS NOT DISTINCT FROM (
       SELECT metadata->>'headsHash' FROM "audit_log_entry" WHERE chain = 'checkpoint' ORDER BY chain_seq DESC LIMIT 1) THEN
    RETURN NULL;
  END IF;
  INSERT INTO "audit_log_entry" (actor_type, action, target_type, metadata)
  VALUES ('system', 'audit.checkpoint', 'audit_log',
          jsonb_build_object('chains', (SELECT count(*) FROM jsonb_object_keys(heads)), 'headsHash', audit_heads_hash(heads), 'heads', heads))
  RETURNING chain_seq INTO written;
  RETURN written;
END
$$;
