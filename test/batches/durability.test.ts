/**
 * Batches are durable and exactly once (product rules §18): a worker process SIGKILLed in the
 * middle of a live batch, then another started, leaves every row with exactly one result, each
 * processed row with exactly one verification, and one charge per verification; two worker
 * processes share one batch without doing a row twice. Real processes (`scripts/worker.ts`), real
 * PostgreSQL; the test app itself processes no batches. test/batches/app-kill.test.ts kills the
 * whole app instead.
 */
import { afterEach, describe, it } from "vitest";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";
import { waitFor } from "../support/wait-for";
import { expectExactlyOnce, processedRows, startLiveBatch } from "../support/exactly-once";

const ROWS = 5_000; // 50 chunks of 100 rows (BATCH_CHUNK_ROWS in the tests' environment)
const CREDITS = 10_000;
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

describe("a worker killed mid-batch", () => {
  it("SIGKILL, restart: every row ends with exactly one result and one verification, and each is charged once", async () => {
    const { biz, id } = await startLiveBatch(ROWS, CREDITS);
    const first = await startBatchWorker();
    await waitFor("the first chunks to commit", async () => (await processedRows(id)) >= 200, 60_000);
    await first.kill();
    workers = workers.filter((w) => w !== first);
    await startBatchWorker();
    await expectExactlyOnce(biz, id, { rows: ROWS, credits: CREDITS });
  }, 120_000); // longer than its two named waits together (the first chunks, then the batch's end)
});

describe("two worker processes on one batch", () => {
  it("share its chunks without doing a row twice", async () => {
    const { biz, id } = await startLiveBatch(ROWS, CREDITS);
    await Promise.all([startBatchWorker(), startBatchWorker()]);
    await expectExactlyOnce(biz, id, { rows: ROWS, credits: CREDITS });
  }, 120_000); // the upload, two worker starts and the batch's named wait
});
