/**
 * The credit charge of one batch chunk (live mode), through the building block every paid call
 * uses (src/server/services/credits/charge-credit-sql.ts): takes up to `wanted` credits at once,
 * never below zero, with its ledger line and the `credits_low` / `credits_exhausted` events as
 * single verifies raise them; and advances the history counter by what it took. Runs inside the
 * chunk's transaction, so the charge commits with the chunk's work or not at all.
 *
 * Returns how many credits it took, and the history `seq` just before the chunk's verifications.
 */
import type pg from "pg";
import { Sql } from "@/server/db/sql";
import { chargeCreditCtes } from "@/server/services/credits/charge-credit-sql";

export type ChunkCharge = { taken: number; seqBefore: number };

export async function chargeChunk(
  client: pg.PoolClient,
  o: { businessId: string; wanted: number; requestId: string; note: string; at: Date },
): Promise<ChunkCharge> {
  const q = new Sql();
  const charge = chargeCreditCtes(q, { businessId: o.businessId, requestId: o.requestId, note: o.note, at: o.at, count: o.wanted });
  const { rows } = await client.query<{ taken: number; seq_before: number }>(
    `
WITH ${charge},
counter AS (
  UPDATE business SET live_verification_count = live_verification_count + (SELECT took FROM charge)
   WHERE id = ${q.p(o.businessId, "uuid")}
  RETURNING live_verification_count - (SELECT took FROM charge) AS seq_before
)
SELECT (SELECT took FROM charge) AS taken, seq_before FROM counter`,
    q.values,
  );
  return { taken: rows[0]!.taken, seqBefore: rows[0]!.seq_before };
}
