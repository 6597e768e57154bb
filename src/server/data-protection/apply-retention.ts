/**
 * Storage limitation (product rules §19): verifications older than their business's retention
 * period (1, 2, 5 or 7 years) are redacted, in batches, by every app process's maintenance loop.
 * Rows locked by another process are skipped (SKIP LOCKED), so processes share the work and never
 * redact a row twice. Each batch appends one audit entry per business and mode, with the count;
 * no event per row (a business knows its own retention period).
 */
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { redactionCtes } from "@/server/verifications/redaction-sql";

const BATCH = 1000;
/** Bounds one maintenance pass; the next pass carries on. */
const MAX_BATCHES_PER_RUN = 50;

export async function applyRetention(): Promise<number> {
  let total = 0;
  for (let i = 0; i < MAX_BATCHES_PER_RUN; i++) {
    const redacted = await redactDueBatch();
    total += redacted;
    if (redacted < BATCH) break;
  }
  return total;
}

async function redactDueBatch(): Promise<number> {
  const at = new Date();
  const q = new Sql();
  const limit = q.p(BATCH, "int");
  const due = `SELECT v.id FROM business b
      CROSS JOIN LATERAL (
        SELECT id FROM verification
         WHERE business_id = b.id AND redacted_at IS NULL
           AND created_at < ${q.p(at, "timestamptz")} - make_interval(years => b.retention_years)
         ORDER BY created_at
         LIMIT ${limit}
           FOR UPDATE SKIP LOCKED
      ) v
     LIMIT ${limit}`;
  const sql = `
WITH ${redactionCtes(q, due, at)},
  audit AS (
    INSERT INTO audit_log_entry (business_id, mode, actor_type, actor_id, action, target_type, target_id, metadata)
    SELECT business_id, mode, 'system', 'retention', 'verification.retention_redacted', 'business', business_id::text,
           jsonb_build_object('count', count(*), 'reason', 'retention')
      FROM redacted GROUP BY business_id, mode
  )
SELECT count(*)::int AS redacted FROM redacted`;
  const { rows } = await pool().query<{ redacted: number }>(sql, q.values);
  return rows[0]!.redacted;
}
