/**
 * Checks the audit log in the database (same hash function as the insert trigger):
 * - every chain (one per business, `platform`, `checkpoint`) links up: sequence numbers 1, 2, 3...,
 *   each entry's `prev_hash` is its predecessor's hash and its hash matches its content;
 * - every chain ends at the head its head row records;
 * - every chain still reaches the head recorded in the last checkpoint, and, when given, in an
 *   exported checkpoint (kept outside the database): cutting off a chain's newest entries, even
 *   with its head row rewritten to match, is detected as far as that checkpoint covered it.
 * Reports the first problem found.
 */
import type pg from "pg";
import { pool } from "@/server/db/client";
import { latestAuditCheckpoint, type ExportedCheckpoint } from "./audit-checkpoint";

export type AuditChainStatus =
  | { ok: true; entries: number; chains: number; checkpoint: { seq: number; createdAt: string } | null }
  | { ok: false; entries: number; chain: string; firstBadId: string | null; reason: string };

type Client = pg.Pool | pg.PoolClient;
type Problem = { chain: string; firstBadId: string | null; reason: string };

const REMOVED = "its link to the previous entry is broken (an entry was removed or reordered)";
const EDITED = "its content does not match its hash (it was edited)";

/**
 * `client` defaults to the pool; passing a connection lets a caller check the log as its own open
 * transaction sees it (the tamper-detection tests edit entries and check without committing).
 */
export async function verifyAuditChain(client: Client = pool(), options: { checkpoint?: ExportedCheckpoint } = {}): Promise<AuditChainStatus> {
  const links = await checkLinks(client);
  const last = await latestAuditCheckpoint(client);
  const problem =
    links.problem ??
    (await checkHeads(client)) ??
    (await checkCheckpoint(client, last, "the last checkpoint")) ??
    (await checkCheckpoint(client, options.checkpoint ?? null, "the exported checkpoint"));
  if (problem) return { ok: false, entries: links.entries, ...problem };
  return { ok: true, entries: links.entries, chains: links.chains, checkpoint: last && { seq: last.seq, createdAt: last.createdAt } };
}

async function checkLinks(client: Client): Promise<{ entries: number; chains: number; problem: Problem | null }> {
  const { rows } = await client.query<{ entries: number; chains: number; bad_id: string | null; chain: string | null; reason: string | null }>(`
    WITH linked AS (
      SELECT e.id, e.chain, e.chain_seq, e.prev_hash, e.hash, audit_entry_hash(e) AS recomputed,
             lag(e.hash, 1, '') OVER w AS previous, lag(e.chain_seq, 1, 0::bigint) OVER w AS previous_seq
        FROM audit_log_entry e
      WINDOW w AS (PARTITION BY e.chain ORDER BY e.chain_seq)
    ), bad AS (
      SELECT id, chain, CASE WHEN prev_hash <> previous OR chain_seq <> previous_seq + 1 THEN $1 ELSE $2 END AS reason
        FROM linked WHERE prev_hash <> previous OR chain_seq <> previous_seq + 1 OR hash <> recomputed
       ORDER BY id LIMIT 1
    )
    SELECT (SELECT count(*)::int FROM linked) AS entries, (SELECT count(DISTINCT chain)::int FROM linked) AS chains,
           bad.id::text AS bad_id, bad.chain, bad.reason
      FROM (SELECT 1) one LEFT JOIN bad ON true`,
    [REMOVED, EDITED],
  );
  const row = rows[0]!;
  return { entries: row.entries, chains: row.chains, problem: row.bad_id ? { chain: row.chain!, firstBadId: row.bad_id, reason: row.reason! } : null };
}

/** A head row ahead of its chain's last entry: the newest entries were removed. */
async function checkHeads(client: Client): Promise<Problem | null> {
  const { rows } = await client.query<{ chain: string }>(`
    SELECT h.chain FROM audit_chain_head h
      LEFT JOIN LATERAL (SELECT chain_seq, hash FROM audit_log_entry e WHERE e.chain = h.chain ORDER BY chain_seq DESC LIMIT 1) last ON true
     WHERE h.seq > 0 AND (last.chain_seq IS DISTINCT FROM h.seq OR last.hash IS DISTINCT FROM h.hash)
     ORDER BY h.chain LIMIT 1`);
  return rows[0] ? { chain: rows[0].chain, firstBadId: null, reason: "the chain does not end at its recorded head (its newest entries were removed)" } : null;
}

/** The checkpoint itself must be in the log, and every head it recorded still reached. */
async function checkCheckpoint(client: Client, checkpoint: ExportedCheckpoint | null, which: string): Promise<Problem | null> {
  if (!checkpoint) return null;
  const { rows } = await client.query<{ intact: boolean; present: boolean; missing_chain: string | null }>(
    `SELECT audit_heads_hash($1::jsonb) = $2 AS intact,
            EXISTS (SELECT 1 FROM audit_log_entry WHERE chain = 'checkpoint' AND chain_seq = $3 AND hash = $4) AS present,
            (SELECT h.key FROM jsonb_each($1::jsonb) h
               LEFT JOIN audit_log_entry e ON e.chain = h.key AND e.chain_seq = (h.value->>'seq')::bigint
              WHERE e.hash IS DISTINCT FROM h.value->>'hash' ORDER BY h.key LIMIT 1) AS missing_chain`,
    [JSON.stringify(checkpoint.heads), checkpoint.headsHash, checkpoint.seq, checkpoint.hash],
  );
  const row = rows[0]!;
  if (!row.intact) return { chain: "checkpoint", firstBadId: null, reason: `${which} #${checkpoint.seq} does not match its own digest (the file was altered)` };
  if (!row.present) return { chain: "checkpoint", firstBadId: null, reason: `${which} #${checkpoint.seq} is no longer in the log (the newest checkpoints were removed)` };
  if (row.missing_chain) {
    return { chain: row.missing_chain, firstBadId: null, reason: `the chain no longer reaches the head recorded in ${which} #${checkpoint.seq} (its newest entries were removed or rewritten)` };
  }
  return null;
}
