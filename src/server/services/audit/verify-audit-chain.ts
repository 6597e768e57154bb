/**
 * Recomputes the audit log's hash chain in the database (same function as the insert trigger)
 * and reports the first entry whose link or hash does not match: an edited or removed entry
 * cannot go unnoticed without rewriting every later hash.
 */
import type pg from "pg";
import { pool } from "@/server/db/client";

export type AuditChainStatus =
  | { ok: true; entries: number }
  | { ok: false; entries: number; firstBadId: string; reason: string };

/**
 * `client` defaults to the pool; passing a connection lets a caller check the chain as its own open
 * transaction sees it (the tamper-detection test edits an entry and checks without committing).
 */
export async function verifyAuditChain(client: pg.Pool | pg.PoolClient = pool()): Promise<AuditChainStatus> {
  const { rows } = await client.query<{ entries: number; bad_id: string | null; reason: string | null }>(`
    WITH chain AS (
      SELECT e.id, e.prev_hash, e.hash, audit_entry_hash(e) AS recomputed,
             lag(e.hash, 1, '') OVER (ORDER BY e.id) AS previous
        FROM audit_log_entry e
    ), bad AS (
      SELECT id, CASE WHEN prev_hash <> previous THEN 'its link to the previous entry is broken (an entry was removed or reordered)'
                      ELSE 'its content does not match its hash (it was edited)' END AS reason
        FROM chain WHERE prev_hash <> previous OR hash <> recomputed
       ORDER BY id LIMIT 1
    )
    SELECT (SELECT count(*)::int FROM chain) AS entries, bad.id::text AS bad_id, bad.reason
      FROM (SELECT 1) one LEFT JOIN bad ON true`);
  const row = rows[0]!;
  return row.bad_id
    ? { ok: false, entries: row.entries, firstBadId: row.bad_id, reason: row.reason! }
    : { ok: true, entries: row.entries };
}
