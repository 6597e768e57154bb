/**
 * `hubi.batches` against the real server and a real batch worker process: create from rows, from a
 * CSV file and from a stream, wait with progress, read the results as an async iterator, list,
 * retrieve and cancel.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../../test/support/factories";
import { startWorkerProcess, type WorkerProcess } from "../../test/support/worker-process";
import { Hubi, type Batch, type BatchResultLine, type VerifyCitizenRequest } from "../src/index.js";

let biz: TestBusiness;
let hubi: Hubi;
let worker: WorkerProcess;
beforeAll(async () => {
  // The file polls every 100 ms with one key: the default 60 reads a minute would answer 429 (and
  // the client wait out its Retry-After) whenever a wait lasted more than a few seconds.
  biz = await createTestBusiness({ rateLimitPerMinute: 6_000 });
  hubi = new Hubi({ apiKey: biz.testKey, environment: "test", baseUrl: inject("baseUrl") });
  worker = await startWorkerProcess({ WORKER_TASKS: "batches" });
});
afterAll(async () => {
  await worker.stop();
});

async function collect(lines: AsyncIterable<BatchResultLine>) {
  const out: BatchResultLine[] = [];
  for await (const line of lines) out.push(line);
  return out;
}

describe("hubi.batches", () => {
  it("creates a batch from rows, waits for it with progress, and iterates its results in input order", async () => {
    const rows: VerifyCitizenRequest[] = [
      { nationalId: "11111111111", match: { fullName: "Amina Hassan Abdi" } },
      ...Array.from({ length: 298 }, () => ({ nationalId: uniqueNationalId() })),
      { nationalId: "44444444444" },
    ];
    const created = await hubi.batches.create(rows);
    expect(created).toMatchObject({ status: "queued", totalRows: 300, mode: "test", message: "Batch accepted" });
    expect(created.requestId).toMatch(/^req_/);

    const progress: Batch[] = [];
    const done = await hubi.batches.wait(created.id, { intervalMs: 100, onProgress: (b) => progress.push(b) });
    expect(done).toMatchObject({ status: "completed", processedRows: 300, counts: { verified: 299, revoked: 1 } });
    expect(progress.at(-1)!.status).toBe("completed");
    expect(progress.map((b) => b.processedRows)).toEqual([...progress.map((b) => b.processedRows)].sort((a, b) => a - b));

    const lines = await collect(hubi.batches.results(created.id));
    expect(lines.map((l) => l.row)).toEqual(Array.from({ length: 300 }, (_, i) => i + 1));
    expect(lines[0]).toMatchObject({ result: "verified", match: { fullName: { result: "match" } } });
    expect(lines[299]).toMatchObject({ result: "revoked" });

    expect((await hubi.batches.retrieve(created.id)).status).toBe("completed");
    const page = await hubi.batches.list({ limit: 1 });
    expect(page.data[0]!.id).toBe(created.id);
  });

  it("uploads a CSV file as is, and streams rows from an async iterable", async () => {
    const csv = await hubi.batches.create("nationalId,purpose\n22222222222,KYC\n123,bad\n");
    async function* generated() {
      for (let i = 0; i < 150; i++) yield { nationalId: uniqueNationalId() };
    }
    const streamed = await hubi.batches.create(generated());
    expect(streamed.totalRows).toBe(150);
    expect((await hubi.batches.wait(csv.id, { intervalMs: 100 })).counts).toMatchObject({ not_found: 1, invalid: 1 });
    expect((await hubi.batches.wait(streamed.id, { intervalMs: 100 })).counts.verified).toBe(150);
    const lines = await collect(hubi.batches.results(csv.id));
    expect(lines.map((l) => l.result)).toEqual(["not_found", "invalid"]);
  });

  it("the same idempotency key answers the same batch; cancel is idempotent", async () => {
    const rows = Array.from({ length: 50 }, () => ({ nationalId: uniqueNationalId() }));
    const first = await hubi.batches.create(rows, { idempotencyKey: "sdk-batch-key-1" });
    const again = await hubi.batches.create(rows, { idempotencyKey: "sdk-batch-key-1" });
    expect(again.id).toBe(first.id);
    expect(again.replayed).toBe(true);
    await hubi.batches.wait(first.id, { intervalMs: 100 });
    const cancelled = await hubi.batches.cancel(first.id);
    expect(cancelled.status).toBe("completed");
    expect(cancelled.message).toBe("Batch already completed");
  });
});
