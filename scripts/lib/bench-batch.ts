/**
 * The batch benchmark (part of `npm run bench`): a 1,000,000-row live batch end to end, from the
 * first byte of the upload to the last line of its results, against 1,000,000 citizen records,
 * processed by the app's own batch workers (default chunk size and concurrency). Reports rows per
 * second, each phase's share, and the app's peak resident memory (sampled from /proc).
 */
import { systemContext } from "@/server/context";
import { db, disconnect, pool } from "@/server/db/client";
import { hashNationalId } from "@/server/crypto/secrets";
import { createBusiness } from "@/server/businesses/create-business";
import { createApiKey } from "@/server/keys/create-api-key";
import { grantCredits } from "@/server/credits/grant-credits";
import { startApp } from "../../test/support/app";
import { sampleRss } from "../../test/support/process-tree";

const ROWS = Number(process.env.BENCH_BATCH_ROWS || 1_000_000);
/** The batch's citizens: the registry records seeded here, or any ID a generating gateway simulator answers. */
const nationalId = (i: number) => String(30_000_000_000 + i);

/** 1,000,000 active citizen records and a live business with enough credits. */
async function seedRegistry() {
  const ctx = systemContext("bench-batch");
  const { businessId } = await createBusiness(ctx, {
    businessName: "Batch Benchmark Telco",
    ownerName: "Bench",
    email: "bench-batch@hubi.test",
    password: "benchmark password",
    approveLive: true,
  });
  // Progress is polled on the read limit: raised, as for the other benchmark business.
  await db().business.update({ where: { id: businessId }, data: { rateLimitPerMinute: 10_000_000 } });
  await grantCredits(ctx, { businessId, amount: ROWS + 1_000, note: "Benchmark" });
  const liveKey = (await createApiKey(ctx, { businessId, mode: "live" })).key;
  for (let start = 0; start < ROWS; start += 50_000) {
    const hashes = Array.from({ length: Math.min(50_000, ROWS - start) }, (_, k) => hashNationalId(nationalId(start + k)));
    await pool().query(
      `INSERT INTO citizen_record (national_id_hash, full_name, date_of_birth, date_of_issue, date_of_expiry, status)
       SELECT h, 'Bench Citizen', '1985-01-01', '2020-01-01', '2035-01-01', 'active' FROM unnest($1::text[]) AS h`,
      [hashes],
    );
  }
  await pool().query("ANALYZE");
  await db().$disconnect();
  await disconnect();
  return liveKey;
}

/** The file, generated as it is sent: a header and one row per citizen, with consent (new businesses require it). */
function csvStream(rows: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const consent = `${new Date().toISOString()},electronic`;
  let next = 0;
  return new ReadableStream({
    start(controller) {
      controller.enqueue(encoder.encode("nationalId,purpose,consentObtainedAt,consentMethod\n"));
    },
    pull(controller) {
      if (next >= rows) return controller.close();
      const lines: string[] = [];
      for (const end = Math.min(rows, next + 10_000); next < end; next++) lines.push(`${nationalId(next)},Re-verification,${consent}`);
      controller.enqueue(encoder.encode(`${lines.join("\n")}\n`));
    },
  });
}

export type BatchRun = { uploadMs: number; processingMs: number; downloadMs: number; resultLines: number; counts: unknown };

/** Uploads a live batch of `rows` generated rows, waits for it to complete and reads its results: each phase's time. */
export async function runBatch(appUrl: string, liveKey: string, rows: number): Promise<BatchRun> {
  const auth = { authorization: `Bearer ${liveKey}` };
  const started = performance.now();
  const created = await fetch(`${appUrl}/api/v1/batches`, {
    method: "POST",
    headers: { ...auth, "content-type": "text/csv" },
    body: csvStream(rows),
    duplex: "half",
  } as RequestInit);
  const batch = (await created.json()) as { data: { id: string; totalRows: number } };
  if (created.status !== 202) throw new Error(`Upload failed: ${created.status} ${JSON.stringify(batch)}`);
  const uploaded = performance.now();
  let status = "";
  let counts: unknown;
  while (status !== "completed") {
    await new Promise((r) => setTimeout(r, 250));
    const res = await fetch(`${appUrl}/api/v1/batches/${batch.data.id}`, { headers: auth });
    const body = (await res.json()) as { data: { status: string; counts: unknown } };
    if (!res.ok) throw new Error(`Polling failed: ${res.status} ${JSON.stringify(body)}`);
    status = body.data.status;
    counts = body.data.counts;
    if (status === "failed" || status === "cancelled") throw new Error(`The batch ended ${status}`);
  }
  const processed = performance.now();
  const results = await fetch(`${appUrl}/api/v1/batches/${batch.data.id}/results`, { headers: { ...auth, accept: "application/x-ndjson" } });
  let resultLines = 0;
  const reader = results.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    for (const byte of value) if (byte === 0x0a) resultLines++;
  }
  const finished = performance.now();
  return { uploadMs: uploaded - started, processingMs: processed - uploaded, downloadMs: finished - processed, resultLines, counts };
}

/** The app's environment for a batch run: its own batch workers at the production chunk size (the tests' environment lowers it). */
export function batchAppEnv(env: Record<string, string>): Record<string, string> {
  const appEnv: Record<string, string> = { ...env, LOG_LEVEL: "warn", BATCH_WORKER_IN_APP: "true" };
  delete appEnv.BATCH_CHUNK_ROWS;
  delete process.env.BATCH_CHUNK_ROWS; // the app inherits this process's environment too
  return appEnv;
}

export async function benchBatch(env: Record<string, string>) {
  console.log(`\nBatch: seeding ${ROWS.toLocaleString("en")} citizen records…`);
  const liveKey = await seedRegistry();
  const app = await startApp({ env: batchAppEnv(env), name: "bench-batch" });
  const rss = sampleRss(app.webPids()[0]!, 200);
  try {
    const run = await runBatch(app.url, liveKey, ROWS);
    const seconds = (run.uploadMs + run.processingMs + run.downloadMs) / 1000;
    const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
    console.log(`\nBatch of ${ROWS.toLocaleString("en")} live rows, upload to last result line: ${seconds.toFixed(1)} s, ${(ROWS / seconds).toFixed(0)} rows/s`);
    console.log(`  upload ${s(run.uploadMs)}, processing ${s(run.processingMs)}, results download ${s(run.downloadMs)} (${run.resultLines.toLocaleString("en")} lines)`);
    console.log(`  counts ${JSON.stringify(run.counts)}`);
    console.log(`  peak RSS of the app: ${rss.peak().toFixed(0)} MB`);
    console.log("Targets: ≥ 5,000 rows/s end to end, app under 512 MB RSS.");
  } finally {
    rss.stop();
    await app.stop();
  }
}
