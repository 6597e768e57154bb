/**
 * Hubi as a fleet (docs/operations.md, "Many processes"): two web processes behind one port and two
 * worker processes on one database keep every guarantee that one process keeps. Concurrent live
 * verifies, batches and webhook deliveries through them end with exact counts: one verification,
 * one charge, one audit entry and one delivery each; rate limits and idempotency hold across
 * processes; the audit chain has no gap or fork.
 *
 * Then a deploy drops nothing ("Stopping a process"). Under load, SIGTERM to one of the two web
 * processes: the requests it holds finish, new connections go to the other process, no client
 * sees a failure beyond a connection-level retry, no credit is charged without its verification.
 * SIGTERM to the workers: the delivery and the batch chunks in progress finish; none is lost,
 * doubled or left claimed. The moments are set by row locks and held requests, not by time.
 * Last, the web start stops as on SIGTERM when `npm start`, which started it, is killed.
 *
 * One fleet for both (the tests run in order): its database of its own takes a migration to set up.
 */
import fs from "node:fs";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { pool } from "@/server/db/client";
import { systemContext } from "@/server/context";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { verifyAuditChain } from "@/server/audit/verify-audit-chain";
import { api, type ApiResponse } from "../support/api";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { balanceOf, ledgerSum, verificationCount } from "../support/queries";
import { startReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { expectExactlyOnce, processedRows, startLiveBatch } from "../support/exactly-once";
import { requestLines, startFleet, startWorker, withConnectionRetries, type Fleet } from "../support/fleet";
import { readProcStat } from "../../scripts/lib/proc-stat";
import { waitFor } from "../support/wait-for";
import { TEST_METRICS_TOKEN } from "../support/env";
import { sampleSum, samples } from "../support/prometheus";

let fleet: Fleet;
let receiver: WebhookReceiver;

beforeAll(async () => {
  receiver = await startReceiver();
  fleet = await startFleet("fleet");
  // A migration and four processes starting on a shared machine.
}, 240_000);
afterAll(async () => {
  receiver?.release(200);
  await fleet?.stop();
  await receiver?.close();
});

const verify = (key: string, nationalId: string, idempotencyKey?: string) =>
  withConnectionRetries(() =>
    api("POST", "/verify/citizen", { key, body: { nationalId }, headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {}, baseUrl: fleet.url }),
  );

const count = async (sql: string, params: unknown[] = []) => (await pool().query<{ n: number }>(sql, params)).rows[0]!.n;

describe("two web processes and two workers on one database", () => {
  it("live verifies, each sent twice at once: one verification, charge, audit entry and delivery per key", async () => {
    const CREDITS = 1_000;
    const KEYS = 24;
    const biz = await createTestBusiness({ live: true, credits: CREDITS, rateLimitPerMinute: 1_000 });
    await setWebhookUrl(systemContext("fleet-test"), { businessId: biz.businessId, mode: "live", url: receiver.url });

    const sent = Array.from({ length: KEYS }, (_, i) => ({ key: `fleet-verify-${i}`, nationalId: uniqueNationalId() }));
    const responses = await Promise.all(sent.flatMap((s) => [verify(biz.liveKey!, s.nationalId, s.key), verify(biz.liveKey!, s.nationalId, s.key)]));
    // The twin of a request still in flight is told so; no request fails otherwise.
    for (const r of responses) expect(r.status === 200 || (r.status === 409 && r.body.code === "IDEMPOTENCY_IN_FLIGHT"), JSON.stringify(r.body)).toBe(true);
    const ids = new Set(responses.filter((r) => r.status === 200).map((r) => r.body.data.id as string));
    expect(ids.size).toBe(KEYS);

    // Both web processes served them, and one scrape shows the sum of both.
    expect(new Set(requestLines(fleet.web.logFile, "/api/v1/verify/citizen").map((l) => l.pid)).size).toBe(2);
    const scrape = await fetch(`${fleet.url}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
    const figures = samples(await scrape.text());
    expect(sampleSum(figures, "hubi_verifications_total", { mode: "live", channel: "api" })).toBe(KEYS);
    expect(sampleSum(figures, "hubi_credits_charged_total", { channel: "api" })).toBe(KEYS);
    // A database-wide gauge once, not once per process.
    expect(figures.filter((s) => s.name === "hubi_queue_depth" && s.labels.queue === "batch_chunks")).toHaveLength(1);

    expect(await verificationCount(biz.businessId, "live")).toBe(KEYS);
    expect(await balanceOf(biz.businessId)).toBe(CREDITS - KEYS);
    expect(await ledgerSum(biz.businessId)).toBe(CREDITS - KEYS);
    expect(await count("SELECT count(*)::int AS n FROM credit_ledger_entry WHERE business_id = $1 AND kind = 'usage'", [biz.businessId])).toBe(KEYS);
    expect(
      await count("SELECT count(*)::int AS n FROM audit_log_entry WHERE business_id = $1 AND action = 'verification.performed'", [biz.businessId]),
    ).toBe(KEYS);
    expect(await verifyAuditChain()).toMatchObject({ ok: true });

    // Each verification_completed reaches the receiver once, though two workers poll the queue.
    await waitFor(
      "every delivery to succeed",
      async () => (await count("SELECT count(*)::int AS n FROM webhook_delivery WHERE status = 'succeeded'", [])) === KEYS,
      30_000,
    );
    const received = receiver.requests.map((r) => ({ id: r.headers["webhook-id"], event: JSON.parse(r.body) }));
    expect(received.map((r) => r.event.type)).toEqual(Array(KEYS).fill("verification_completed"));
    expect(new Set(received.map((r) => r.id)).size).toBe(KEYS);
    expect(new Set(received.map((r) => r.event.data.id))).toEqual(ids);
    expect(await count("SELECT count(*)::int AS n FROM webhook_attempt", [])).toBe(KEYS);
  });

  it("a rate limit admits exactly its limit across both web processes", async () => {
    const LIMIT = 10;
    const biz = await createTestBusiness({ rateLimitPerMinute: LIMIT });
    const responses = await Promise.all(Array.from({ length: 3 * LIMIT }, () => verify(biz.testKey, uniqueNationalId())));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(LIMIT);
    expect(responses.filter((r) => r.status === 429)).toHaveLength(2 * LIMIT);
    expect(await verificationCount(biz.businessId, "test")).toBe(LIMIT);
  });

  it("two batches at once: every row once, each verification charged once", async () => {
    const ROWS = 1_000; // 10 chunks each (BATCH_CHUNK_ROWS in the tests' environment)
    const CREDITS = 2_000;
    const batches = await Promise.all([startLiveBatch(ROWS, CREDITS, fleet.url), startLiveBatch(ROWS, CREDITS, fleet.url)]);
    await Promise.all(batches.map(({ biz, id }) => expectExactlyOnce(biz, id, { rows: ROWS, credits: CREDITS, baseUrl: fleet.url })));
    expect(await verifyAuditChain()).toMatchObject({ ok: true });
    // No chunk is left claimed.
    expect(await count("SELECT count(*)::int AS n FROM batch_chunk WHERE done_at IS NULL", [])).toBe(0);
  });
});

const alive = (pid: number) => ![undefined, null, "Z"].includes(readProcStat(pid)?.state);

/** A GET on a connection of its own (no keep-alive), answered and read. */
const onNewConnection = (url: string, key: string) =>
  new Promise<void>((resolve, reject) => {
    http.get(url, { agent: false, headers: { authorization: `Bearer ${key}` } }, (res) => res.resume().on("end", resolve)).on("error", reject);
  });

/** The JSON log line `msg` of process `pid`, once it is written. */
const logLine = (pid: number, msg: string) =>
  fs
    .readFileSync(fleet.web.logFile, "utf8")
    .split("\n")
    .filter((l) => l.startsWith("{"))
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .find((l) => l.pid === pid && l.msg === msg);

/** Sandbox verifies, a few at a time, until stopped: the traffic a deploy happens under. */
function startLoad(key: string) {
  const responses: ApiResponse[] = [];
  let running = true;
  const lanes = Array.from({ length: 4 }, async (_, lane) => {
    for (let i = 0; running; i++) responses.push(await verify(key, uniqueNationalId(), `load-verify-${lane}-${i}`));
  });
  return {
    responses,
    stop: async () => {
      running = false;
      await Promise.all(lanes);
      return responses;
    },
  };
}

describe("SIGTERM to one of two web processes under load", () => {
  it("finishes the requests in flight, serves on through the other, fails and double-charges nothing", async () => {
    const CREDITS = 1_000;
    const HELD = 8;
    const biz = await createTestBusiness({ live: true, credits: CREDITS, rateLimitPerMinute: 10_000 });
    const loadBiz = await createTestBusiness({ rateLimitPerMinute: 10_000 });
    const load = startLoad(loadBiz.testKey);
    // Every live verify of `biz` now waits, inside a web process, for this row (the write of its
    // outcome updates it; inserts that only refer to it are not held up).
    const holder = await pool().connect();
    onTestFinished(async () => {
      await holder.query("ROLLBACK").catch(() => {});
      holder.release();
      await load.stop();
    });
    await waitFor("the load to run", () => load.responses.length >= 20);
    await holder.query("BEGIN");
    await holder.query("SELECT 1 FROM business WHERE id = $1 FOR NO KEY UPDATE", [biz.businessId]);
    const held = Array.from({ length: HELD }, (_, i) => verify(biz.liveKey!, uniqueNationalId(), `held-verify-${i}`));
    await waitFor(
      "the live verifies to wait on the held row",
      async () => (await count("SELECT count(*)::int AS n FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database()")) >= HELD,
    );

    // The victim is a web process that holds at least one of them (the cluster may have sent them
    // all to one process); the pool names each session after its process.
    const waiting = await pool().query<{ pid: number }>(
      "SELECT split_part(application_name, ' ', 2)::int AS pid FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND datname = current_database() AND application_name LIKE 'hubi %'",
    );
    const webPids = fleet.webPids();
    const victim = webPids.find((pid) => waiting.rows.some((r) => r.pid === pid));
    const survivor = webPids.find((pid) => pid !== victim);
    expect(victim).toBeDefined();
    process.kill(victim!, "SIGTERM");
    const draining = await waitFor("the process to drain", () => logLine(victim!, "web process draining"));
    expect(draining.requestsInFlight).toBeGreaterThan(0);
    // It stays up while its requests are held, and the load goes on through the other process.
    const servedBefore = load.responses.length;
    await waitFor("the load to go on", () => load.responses.length >= servedBefore + 20);
    expect(alive(victim!)).toBe(true);

    await holder.query("COMMIT");
    const heldResponses = await Promise.all(held);
    expect(heldResponses.map((r) => r.status)).toEqual(Array(HELD).fill(200));
    await waitFor("the process to exit", () => !alive(victim!));
    // Its last line was written before it exited, but reaches the log file through this process's pipe a moment later.
    expect(await waitFor("its last log line", () => logLine(victim!, "web process stopped"))).toMatchObject({ requestsCutOff: 0 });
    // The stopped process served some of the held verifies: it finished them, it did not drop them.
    expect(requestLines(fleet.web.logFile, "/api/v1/verify/citizen").some((l) => l.pid === victim && l.status === 200)).toBe(true);
    // The primary replaces it.
    await waitFor("a new web process", () => fleet.webPids().length === 2 && !fleet.webPids().includes(victim!));
    expect(fleet.webPids()).toContain(survivor);

    const loadResponses = await load.stop();
    expect(loadResponses.filter((r) => r.status !== 200).map((r) => r.status)).toEqual([]);
    expect(await verificationCount(loadBiz.businessId, "test")).toBe(loadResponses.length);
    // No charge without a verification, none twice.
    expect(await verificationCount(biz.businessId, "live")).toBe(HELD);
    expect(await balanceOf(biz.businessId)).toBe(CREDITS - HELD);
    expect(await ledgerSum(biz.businessId)).toBe(CREDITS - HELD);
  });
});

describe("SIGTERM to the workers mid-delivery and mid-batch", () => {
  it("the delivery and the chunks in progress finish: none lost, doubled or left claimed", async () => {
    const ROWS = 2_000; // 20 chunks
    const CREDITS = 3_000;
    const { biz: batchBiz, id } = await startLiveBatch(ROWS, CREDITS, fleet.url);
    await waitFor("the batch to be under way", async () => (await processedRows(id)) >= 200, 30_000);

    const biz = await createTestBusiness({ live: true, credits: 10 });
    const hook = await startReceiver();
    hook.respond(() => "hold");
    await setWebhookUrl(systemContext("sigterm-test"), { businessId: biz.businessId, mode: "live", url: hook.url });
    expect((await verify(biz.liveKey!, uniqueNationalId(), "delivered-once")).status).toBe(200);
    await waitFor("a worker to be delivering", () => hook.requests.length === 1);

    const workers = fleet.workers;
    const output = workers.map((w) => {
      const seen = { text: "" };
      w.process.stdout!.on("data", (chunk: Buffer) => (seen.text += chunk.toString()));
      return seen;
    });
    const exited = Promise.all(workers.map((w) => new Promise((resolve) => w.process.once("exit", resolve))));
    for (const w of workers) w.process.kill("SIGTERM");
    await waitFor("both workers to be stopping", () => output.every((o) => o.text.includes('"msg":"worker stopping"')));
    // The delivering worker waits for the receiver's answer instead of abandoning the attempt.
    expect(workers.some((w) => alive(w.process.pid!))).toBe(true);
    hook.release(200);
    await exited;
    fleet.workers = [];

    expect(await count("SELECT count(*)::int AS n FROM webhook_delivery d JOIN webhook_endpoint e ON e.id = d.endpoint_id WHERE e.business_id = $1 AND d.status = 'succeeded' AND d.attempt_count = 1", [biz.businessId])).toBe(1);
    // Every chunk taken was finished: none is left claimed by a process that is gone.
    expect(await count("SELECT count(*)::int AS n FROM batch_chunk WHERE done_at IS NULL AND leased_until > now()")).toBe(0);
    expect((await processedRows(id)) % 100).toBe(0);

    fleet.workers.push(await startWorker());
    await expectExactlyOnce(batchBiz, id, { rows: ROWS, credits: CREDITS, baseUrl: fleet.url });
    expect(hook.requests).toHaveLength(1);
    await hook.close();
  });
});

describe("the web start when `npm start` ends without stopping it (kill -9)", () => {
  it("stops as on SIGTERM once its IPC channel closes, each web process drained", async () => {
    const pids = fleet.webPids();
    expect(pids).toHaveLength(2);
    // The process that replaced the one stopped above may still be starting (a SIGTERM before its
    // handler is set ends it unlogged): both must serve first. The cluster hands each new
    // connection to the next process that listens.
    const { testKey } = await createTestBusiness();
    const servedBy = () => new Set(requestLines(fleet.web.logFile, "/api/v1/verifications").map((l) => l.pid));
    await waitFor("both web processes to serve", async () => {
      await onNewConnection(`${fleet.url}/api/v1/verifications?limit=1`, testKey);
      return pids.every((pid) => servedBy().has(pid));
    }, 60_000);
    fleet.web.process.disconnect();
    await waitFor("the web start to exit", () => fleet.web.process.exitCode !== null);
    expect(fleet.web.process.exitCode).toBe(0);
    for (const pid of pids) expect(await waitFor("its last log line", () => logLine(pid, "web process stopped"))).toMatchObject({ requestsCutOff: 0 });
  });
});
