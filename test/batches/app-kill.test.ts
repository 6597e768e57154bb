/**
 * Batches survive a SIGKILL of the whole app (product rules §18), not only of a worker process:
 * an app that processes batches itself (BATCH_WORKER_IN_APP=true) killed mid-batch, then started
 * again, ends the batch exactly once; an app killed in the middle of a streamed upload (which it
 * spools, holding no transaction open) leaves no half batch, and the same upload retried with the
 * same Idempotency-Key makes exactly one batch.
 * Each app started here names its database sessions, so that the tests can see its work in
 * progress and see it gone.
 */
import fs from "node:fs";
import http from "node:http";
import { afterEach, describe, expect, inject, it } from "vitest";
import { pool } from "@/server/db/client";
import { startApp, type RunningApp } from "../support/app";
import { appEnv } from "../support/env";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { api } from "../support/api";
import { processTree } from "../support/process-tree";
import { SPOOL_PREFIX } from "@/server/batches/upload-spool";
import { batchCount, upload } from "../support/batches";
import { expectExactlyOnce, liveBatchFile, processedRows, startLiveBatch } from "../support/exactly-once";
import { waitFor } from "../support/wait-for";

const CHUNK_ROWS = Number(process.env.BATCH_CHUNK_ROWS); // 100 in the tests' environment
const ROWS = 30 * CHUNK_ROWS;
const CREDITS = 10_000;

type BatchApp = RunningApp & { sessionName: string };
let apps: BatchApp[] = [];
let started = 0;
let held: { release: () => Promise<void> }[] = [];

afterEach(async () => {
  await Promise.all(held.map((locks) => locks.release()));
  await Promise.all(apps.map((app) => app.stop()));
  apps = [];
  held = [];
});

/** An app of its own that processes batches, in a process group of its own, its sessions named. */
async function startBatchApp(): Promise<BatchApp> {
  const sessionName = `hubi-app-kill-${process.pid}-${++started}`;
  const databaseUrl = new URL(inject("databaseUrl"));
  databaseUrl.searchParams.set("application_name", sessionName);
  const app = await startApp({ env: { ...appEnv(databaseUrl.href), BATCH_WORKER_IN_APP: "true" }, name: sessionName, processGroup: true });
  const batchApp = { ...app, sessionName };
  apps.push(batchApp);
  return batchApp;
}

/** SIGKILLs the app's whole process tree and checks that none of it lives on. */
async function crash(app: BatchApp) {
  const killed = await app.crash();
  expect(killed).toContain(app.process.pid);
}

/** Waits until PostgreSQL has ended the killed app's sessions, rolling back their transactions. */
const sessionsEnded = (app: BatchApp) => waitFor(`the sessions of ${app.sessionName} to end`, async () => (await sessionsOf(app.sessionName, "true")) === 0);

/** The app's database sessions that match `condition` (SQL on pg_stat_activity). */
async function sessionsOf(sessionName: string, condition: string) {
  const { rows } = await pool().query<{ n: number }>(`SELECT count(*)::int AS n FROM pg_stat_activity WHERE application_name = $1 AND ${condition}`, [sessionName]);
  return rows[0]!.n;
}

describe("the whole app killed mid-batch", () => {
  it("SIGKILL of the app and all its processes, restart: every row ends with exactly one result and one verification, and each is charged once", async () => {
    const app = await startBatchApp();
    const { biz, id } = await startLiveBatch(ROWS, CREDITS, app.url);
    // Row locks of the test's own decide the moment of the kill, whatever the timing: chunks 1 and
    // 2 (and any chunk already claimed) commit; the others wait, skipped by the workers' SKIP LOCKED.
    const waiting = await holdLocks("SELECT 1 FROM batch_chunk WHERE batch_id = $1 AND chunk_no > 2 AND done_at IS NULL FOR UPDATE SKIP LOCKED", [id]);
    const committed = ROWS - waiting.rows * CHUNK_ROWS;
    await waitFor("the chunks not held back to commit", async () => (await processedRows(id)) === committed, 60_000);
    // Holding the batch row, then letting the chunks go: the next chunks are claimed, charged and
    // written, but cannot commit (a chunk's last statement advances the batch row).
    const batchRow = await holdLocks("SELECT 1 FROM batch WHERE id = $1 FOR NO KEY UPDATE", [id]);
    await waiting.release();
    await waitFor("a chunk in progress in the app, waiting to commit", async () => (await sessionsOf(app.sessionName, "wait_event_type = 'Lock'")) > 0);
    await crash(app);
    expect(await processedRows(id)).toBe(committed);
    // Its sessions end even while they still wait on the test's lock: PostgreSQL checks their
    // connections every 5 s (the app sets client_connection_check_interval) and rolls them back.
    await sessionsEnded(app);
    await batchRow.release();
    await startBatchApp();
    await expectExactlyOnce(biz, id, { rows: ROWS, credits: CREDITS });
  }, 180_000); // two app starts and its named waits, each shorter
});

describe("the whole app killed mid-upload", () => {
  it("holds nothing in the database while the file streams, leaves no half batch; the same upload retried with the same Idempotency-Key makes exactly one batch", async () => {
    const app = await startBatchApp();
    const biz = await createTestBusiness({ live: true, credits: CREDITS });
    const file = await liveBatchFile(ROWS);
    const headers = { "idempotency-key": `app-kill-upload-${biz.businessId}` };

    const streamed = startStreamedUpload(`${app.url}/api/v1/batches`, { authorization: `Bearer ${biz.liveKey}`, "content-type": "text/csv", ...headers });
    // The first half of the file, never the rest: the upload cannot have ended when the app is killed.
    await streamed.send(file.slice(0, Math.floor(file.length / 2)));
    await waitFor("the app to spool the upload's first chunks", () => spooledBytes(app) > 0);
    // No transaction waits on the upload: another business's event feed moves meanwhile (the feed
    // shows only events older than every running transaction, which a transaction storing the
    // upload as it streamed held back until the upload ended).
    const other = await createTestBusiness();
    const { cursor } = (await api<{ cursor: string }>("GET", "/events/feed", { key: other.testKey, baseUrl: app.url })).body;
    const verified = await api("POST", "/verify/citizen", { key: other.testKey, body: { nationalId: uniqueNationalId() }, baseUrl: app.url });
    const followed = await api<{ data: { data: { id: string } }[] }>("GET", `/events/feed?after=${cursor}&wait=20`, { key: other.testKey, baseUrl: app.url });
    expect(followed.body.data.map((e) => e.data.id)).toEqual([verified.body.data.id]);
    expect(spooledBytes(app)).toBeGreaterThan(0);
    await crash(app);
    await sessionsEnded(app);
    expect(await streamed.outcome).toMatchObject({ error: expect.any(String) });
    expect(await batchCount(biz.businessId)).toBe(0);
    const claims = await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM idempotency_record WHERE business_id = $1", [biz.businessId]);
    expect(claims.rows[0]!.n).toBe(0);

    const restarted = await startBatchApp();
    const retried = await upload(biz.liveKey!, file, "text/csv", { headers, baseUrl: restarted.url });
    expect(retried.status).toBe(202);
    expect(retried.headers.get("idempotent-replayed")).toBeNull();
    await expectExactlyOnce(biz, retried.body.data.id, { rows: ROWS, credits: CREDITS });
    const replayed = await upload(biz.liveKey!, file, "text/csv", { headers, baseUrl: restarted.url });
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(replayed.body.data.id).toBe(retried.body.data.id);
    expect(await batchCount(biz.businessId)).toBe(1);
  }, 180_000); // two app starts and its named waits, each shorter
});

/** The size of the upload spools the app's processes hold open (upload-spool.ts): removed files, reached by their handles. */
function spooledBytes(app: BatchApp): number {
  let bytes = 0;
  for (const pid of processTree(app.process.pid!)) {
    let fds: string[] = [];
    try {
      fds = fs.readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // ended meanwhile
    }
    for (const fd of fds) {
      try {
        if (fs.readlinkSync(`/proc/${pid}/fd/${fd}`).includes(SPOOL_PREFIX)) bytes += fs.statSync(`/proc/${pid}/fd/${fd}`).size;
      } catch {
        // closed meanwhile
      }
    }
  }
  return bytes;
}

/** Takes the row locks of `sql` in a transaction of the test's own, held until `release` (which rolls it back). */
async function holdLocks(sql: string, params: unknown[]) {
  const client = await pool().connect();
  await client.query("BEGIN");
  const { rowCount } = await client.query(sql, params);
  let open = true;
  const locks = {
    rows: rowCount ?? 0,
    release: async () => {
      if (!open) return;
      open = false;
      await client.query("ROLLBACK");
      client.release();
    },
  };
  held.push(locks);
  return locks;
}

/** A POST whose body is sent piece by piece; `outcome` is its response's status, or the error that ended it. */
function startStreamedUpload(url: string, headers: Record<string, string>) {
  const req = http.request(url, { method: "POST", headers });
  const outcome = new Promise<{ status: number } | { error: string }>((resolve) => {
    req.once("response", (res) => {
      res.resume();
      resolve({ status: res.statusCode! });
    });
    req.once("error", (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  /** Resolves once the piece is handed to the operating system. */
  const send = (piece: string) => new Promise<void>((resolve, reject) => req.write(piece, (error) => (error ? reject(error) : resolve())));
  return { send, outcome };
}
