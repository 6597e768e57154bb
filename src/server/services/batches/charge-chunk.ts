/**
 * The credit charge of one batch chunk (live mode): takes up to `wanted` credits at once, never
 * below zero, with its ledger line and the `credits_low` / `credits_exhausted` events as a single
 * live verify raises them, and advances the history counter by what it took. Runs inside the
 * chunk's transaction: the business row stays locked until it commits.
 *
 * Returns how many credits it took, and the history `seq` just before the chunk's verifications.
 */
import type pg from "pg";
import { Sql } from "@/server/db/sql";

export type ChunkCharge = { taken: number; seqBefore: number };

export async function chargeChunk(
  client: pg.PoolClient,
  o: { businessId: string; wanted: number; requestId: string; note: string; at: Date },
): Promise<ChunkCharge> {
  // The lock first, in its own statement: the next one then reads the balance no one else can move.
  const locked = await client.query<{ credit_balance: number }>("SELECT credit_balance FROM business WHERE id = $1 FOR UPDATE", [o.businessId]);
  const n = Math.min(locked.rows[0]!.credit_balance, o.wanted);
  const q = new Sql();
  const taken = q.p(n, "int");
  const biz = q.p(o.businessId, "uuid");
  const at = q.p(o.at, "timestamptz");
  const { rows } = await client.query<{ taken: number; seq_before: number }>(
    `
WITH charge AS (
  UPDATE business SET credit_balance = credit_balance - ${taken}, live_verification_count = live_verification_count + ${taken}
   WHERE id = ${biz}
  RETURNING ${taken} AS taken, credit_balance AS balance, low_credit_threshold AS threshold, live_verification_count - ${taken} AS seq_before
),
ledger AS (
  INSERT INTO credit_ledger_entry (business_id, kind, amount, balance_after, note, request_id, created_at)
  SELECT ${biz}, 'usage', -taken, balance, ${q.p(o.note)}, ${q.p(o.requestId)}, ${at} FROM charge WHERE taken > 0
),
events AS (
  INSERT INTO outbox_event (id, business_id, mode, type, payload, created_at)
  SELECT (e->>'id')::uuid, ${biz}, 'live', e->>'type', e, ${at}
    FROM (
      SELECT jsonb_build_object('id', gen_random_uuid(), 'type', t.type, 'mode', 'live', 'createdAt', ${q.p(o.at.toISOString())}::text,
                                'data', jsonb_build_object('balance', c.balance, 'threshold', c.threshold)) AS e
        FROM charge c
        CROSS JOIN LATERAL (VALUES
          ('credits_low', c.balance < c.threshold AND c.balance + c.taken >= c.threshold),
          ('credits_exhausted', c.balance = 0)) AS t(type, due)
       WHERE t.due AND c.taken > 0
    ) ev
)
SELECT taken, seq_before FROM charge`,
    q.values,
  );
  return { taken: rows[0]!.taken, seqBefore: rows[0]!.seq_before };
}
