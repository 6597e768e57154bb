/**
 * Live batches for the durability tests (product rules §18), and the exactly-once invariants they
 * must end with whatever was killed on the way: every row one result, in input order; each
 * processed row one verification and one charge; nothing else charged or left behind.
 */
import { expect } from "vitest";
import { pool } from "@/server/db/client";
import { createTestBusiness, uniqueNationalId } from "./factories";
import { balanceOf, ledgerSum } from "./queries";
import { batchEnded, batchFootprint, csvOf, resultLines, seedCitizens, upload } from "./batches";

type LiveBusiness = { businessId: string; liveKey?: string };

/** Every 97th row is invalid (a malformed ID): invalid rows cost nothing and have no verification. */
const isInvalidRow = (i: number) => i % 97 === 0;

/** A CSV of `rows` rows: known (seeded, a few revoked) and unknown IDs, and a few invalid rows. */
export async function liveBatchFile(rows: number): Promise<string> {
  const ids = Array.from({ length: rows }, (_, i) => (isInvalidRow(i) ? "123" : uniqueNationalId()));
  await seedCitizens(ids.filter((_, i) => i % 3 !== 0 && !isInvalidRow(i)).map((nationalId, i) => ({ nationalId, status: i % 50 === 0 ? ("revoked" as const) : "active" })));
  return csvOf("nationalId", ids);
}

/** A live business with `credits`, and its batch of `rows` rows uploaded (to the app at `baseUrl`, else the run's app). */
export async function startLiveBatch(rows: number, credits: number, baseUrl?: string) {
  const biz = await createTestBusiness({ live: true, credits });
  const created = await upload(biz.liveKey!, await liveBatchFile(rows), "text/csv", { baseUrl });
  expect(created.status).toBe(202);
  return { biz, id: created.body.data.id as string };
}

export const processedRows = async (id: string) =>
  (await pool().query<{ processed_rows: number }>("SELECT processed_rows FROM batch WHERE id = $1", [id])).rows[0]!.processed_rows;

/** Waits for the batch of `liveBatchFile(rows)` to end, then checks the exactly-once invariants (through the app at `baseUrl`, else the run's). */
export async function expectExactlyOnce(biz: LiveBusiness, id: string, { rows, credits, baseUrl }: { rows: number; credits: number; baseUrl?: string }) {
  const batch = await batchEnded(biz.liveKey!, id, { baseUrl });
  expect(batch.status).toBe("completed");
  expect(batch.processedRows).toBe(rows);
  const { verified, not_found, expired, revoked, invalid, insufficient_credits } = batch.counts;
  expect(verified + not_found + expired + revoked + invalid + insufficient_credits).toBe(rows);
  const recorded = verified + not_found + expired + revoked;
  expect(invalid).toBe(Math.ceil(rows / 97));
  expect(insufficient_credits).toBe(0);
  expect(batch.creditsUsed).toBe(recorded);

  const footprint = await batchFootprint(id);
  expect(footprint).toEqual({ verifications: recorded, distinct_verifications: recorded, results: rows, distinct_rows: rows, charged: recorded });
  const lines = await resultLines(biz.liveKey!, id, baseUrl);
  expect(lines.map((l) => l.row)).toEqual(Array.from({ length: rows }, (_, i) => i + 1));
  expect(await balanceOf(biz.businessId)).toBe(credits - recorded);
  expect(await ledgerSum(biz.businessId)).toBe(credits - recorded);
  // The history's seq stays gapless: one per verification, none lost to a rolled-back chunk.
  const { rows: seq } = await pool().query<{ n: number; max: number }>(
    "SELECT count(*)::int AS n, max(seq)::int AS max FROM verification WHERE business_id = $1 AND mode = 'live'",
    [biz.businessId],
  );
  expect(seq[0]).toEqual({ n: recorded, max: recorded });
  const inputs = await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM batch_chunk WHERE batch_id = $1 AND input IS NOT NULL", [id]);
  expect(inputs.rows[0]!.n).toBe(0);
  const events = await pool().query<{ n: number }>(
    "SELECT count(*)::int AS n FROM outbox_event WHERE business_id = $1 AND type = 'batch_completed' AND payload->'data'->>'id' = $2",
    [biz.businessId, id],
  );
  expect(events.rows[0]!.n).toBe(1);
}
