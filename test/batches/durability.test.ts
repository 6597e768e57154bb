/**
 * Batches are durable and exactly once (product rules §18): a worker process SIGKILLed in the
 * middle of a live batch, then another started, leaves every row with exactly one result, each
 * processed row with exactly one verification, and one charge per verification; two worker
 * processes share one batch without doing a row twice. Real processes (`scripts/worker.ts`), real
 * PostgreSQL; the test app itself processes no batches.
 */
import { afterEach, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { balanceOf, ledgerSum } from "../support/queries";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";
import { waitFor } from "../support/wait-for";
import { batchEnded, batchFootprint, csvOf, resultLines, seedCitizens, upload } from "../support/batches";

const ROWS = 5_000; // 50 chunks of 100 rows (BATCH_CHUNK_ROWS in the tests' environment)
let workers: WorkerProcess[] = [];

afterEach(async () => {
  await Promise.all(workers.map((w) => w.stop()));
  workers = [];
});

const startBatchWorker = async () => {
  const worker = await startWorkerProcess({ WORKER_TASKS: "batches" });
  workers.push(worker);
  return worker;
};

/** A live batch of known (seeded) and unknown IDs and a few invalid rows, with enough credits for all. */
async function liveBatch(credits: number) {
  const biz = await createTestBusiness({ live: true, credits });
  const ids = Array.from({ length: ROWS }, (_, i) => (i % 97 === 0 ? "123" : uniqueNationalId()));
  await seedCitizens(ids.filter((_, i) => i % 3 !== 0 && i % 97 !== 0).map((nationalId, i) => ({ nationalId, status: i % 50 === 0 ? ("revoked" as const) : "active" })));
  const created = await upload(biz.liveKey!, csvOf("nationalId", ids));
  expect(created.status).toBe(202);
  return { biz, id: created.body.data.id as string };
}

const processedRows = async (id: string) =>
  (await pool().query<{ processed_rows: number }>("SELECT processed_rows FROM batch WHERE id = $1", [id])).rows[0]!.processed_rows;

/** The exactly-once invariants of an ended live batch. */
async function expectExactlyOnce(biz: { businessId: string; liveKey?: string }, id: string, credits: number) {
  const batch = await batchEnded(biz.liveKey!, id, 120_000);
  expect(batch.status).toBe("completed");
  expect(batch.processedRows).toBe(ROWS);
  const { verified, not_found, expired, revoked, invalid, insufficient_credits } = batch.counts;
  expect(verified + not_found + expired + revoked + invalid + insufficient_credits).toBe(ROWS);
  const recorded = verified + not_found + expired + revoked;
  expect(invalid).toBe(Math.ceil(ROWS / 97));
  expect(insufficient_credits).toBe(0);
  expect(batch.creditsUsed).toBe(recorded);

  const footprint = await batchFootprint(id);
  expect(footprint).toEqual({ verifications: recorded, distinct_verifications: recorded, results: ROWS, distinct_rows: ROWS, charged: recorded });
  const lines = await resultLines(biz.liveKey!, id);
  expect(lines.map((l) => l.row)).toEqual(Array.from({ length: ROWS }, (_, i) => i + 1));
  expect(await balanceOf(biz.businessId)).toBe(credits - recorded);
  expect(await ledgerSum(biz.businessId)).toBe(credits - recorded);
  // The history's seq stays gapless: one per verification, none lost to a rolled-back chunk.
  const { rows } = await pool().query<{ n: number; max: number }>(
    "SELECT count(*)::int AS n, max(seq)::int AS max FROM verification WHERE business_id = $1 AND mode = 'live'",
    [biz.businessId],
  );
  expect(rows[0]).toEqual({ n: recorded, max: recorded });
  const inputs = await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM batch_chunk WHERE batch_id = $1 AND input IS NOT NULL", [id]);
  expect(inputs.rows[0]!.n).toBe(0);
}

describe("a worker killed mid-batch", () => {
  it("SIGKILL, restart: every row ends with exactly one result and one verification, and each is charged once", async () => {
    const credits = 10_000;
    const { biz, id } = await liveBatch(credits);
    const first = await startBatchWorker();
    await waitFor("the first chunks to commit", async () => (await processedRows(id)) >= 200, 60_000);
    await first.kill();
    workers = workers.filter((w) => w !== first);
    await startBatchWorker();
    await expectExactlyOnce(biz, id, credits);
  });
});

describe("two worker processes on one batch", () => {
  it("share its chunks without doing a row twice", async () => {
    const credits = 10_000;
    const { biz, id } = await liveBatch(credits);
    await Promise.all([startBatchWorker(), startBatchWorker()]);
    await expectExactlyOnce(biz, id, credits);
  });
});
