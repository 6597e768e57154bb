/**
 * Batches in the portal (product rules §18, §22): the tRPC list, get and cancel a member sees, and
 * the upload route the Batches page posts its file to. What the API itself guarantees about files,
 * rows and results is test/api/batches.test.ts; here, what the portal adds: the caller's business
 * and mode, roles, and a form submitted twice doing its work once.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import type { Mode } from "@/generated/prisma/enums";
import { SANDBOX_IDS } from "@/contracts/sandbox";
import { pool } from "@/server/db/client";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/_app";
import { loadPortalUser } from "@/server/trpc/context";
import { createBatchFromPortal } from "@/server/batches/create-batch-from-portal";
import { setBusinessStatus } from "@/server/businesses/set-business-status";
import { systemContext } from "@/server/context";
import { api } from "../support/api";
import { memberContext } from "../support/contexts";
import { createTestBusiness, createTestMember, uniqueNationalId, type TestBusiness } from "../support/factories";
import { batchFootprint, csvOf } from "../support/batches";
import { balanceOf, outboxTypes } from "../support/queries";
import { signInOverHttp } from "../support/portal-session";
import { submission } from "../support/submission";
import { waitFor } from "../support/wait-for";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";

const createCaller = createCallerFactory(appRouter);

async function portalAs(userId: string, mode: Mode = "test") {
  const user = await loadPortalUser(userId);
  return createCaller({ user, membership: user?.memberships[0], mode, requestId: `req_batches_${randomUUID()}` });
}

/** A batch uploaded by the business's owner through the portal's upload service. */
async function portalUpload(biz: TestBusiness, mode: Mode, rows: string[]) {
  const created = await createBatchFromPortal(memberContext(biz), {
    businessId: biz.businessId,
    mode,
    contentType: "text/csv",
    body: new Blob([csvOf("nationalId", rows)]).stream(),
  });
  return created.data;
}

/** Rows that keep the workers busy for seconds, so that a cancel finds the batch still running. */
const manyRows = () => Array.from({ length: 5_000 }, () => uniqueNationalId());

/** Batches are processed by a worker process of the describe's own (the app runs none in tests). */
function withBatchWorker() {
  let worker: WorkerProcess;
  beforeAll(async () => {
    worker = await startWorkerProcess({ WORKER_TASKS: "batches" });
  });
  afterAll(() => worker.stop());
}

const ENDED = new Set(["completed", "cancelled", "failed"]);
const ended = (portal: Awaited<ReturnType<typeof portalAs>>, id: string) =>
  waitFor(`batch ${id} to end`, async () => {
    const batch = await portal.batches.get({ id });
    return ENDED.has(batch.status) && batch;
  }, 45_000);

const count = async (sql: string, params: unknown[]) => (await pool().query<{ n: number }>(sql, params)).rows[0]!.n;
const cancelledRows = (batchId: string) => count("SELECT count(*)::int AS n FROM batch_result WHERE batch_id = $1 AND result = 'cancelled'", [batchId]);
const batchesOf = (businessId: string) => count("SELECT count(*)::int AS n FROM batch WHERE business_id = $1", [businessId]);
const finishedEvents = async (businessId: string) => (await outboxTypes(businessId)).filter((t) => t === "batch_completed").length;

describe("batches.list", () => {
  it("pages the business's batches of the current mode, newest first, with the API's pagination", async () => {
    const biz = await createTestBusiness({ live: true, credits: 10 });
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) ids.push((await portalUpload(biz, "test", [SANDBOX_IDS.verified])).id);
    const liveId = (await portalUpload(biz, "live", [uniqueNationalId()])).id;
    const other = await createTestBusiness();
    await portalUpload(other, "test", [SANDBOX_IDS.verified]);

    const test = await portalAs(biz.userId, "test");
    const first = await test.batches.list({ page: 1, limit: 2 });
    expect(first.data.map((b) => b.id)).toEqual([ids[2], ids[1]]);
    expect(first.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    const second = await test.batches.list({ page: 2, limit: 2 });
    expect(second.data.map((b) => b.id)).toEqual([ids[0]]);
    expect(second.pagination).toEqual({ page: 2, limit: 2, total: 3, hasMore: false });
    // Queued, or already processed by another test file's batch worker on the shared database.
    expect(first.data[0]).toMatchObject({ mode: "test", status: expect.stringMatching(/^(queued|processing|completed)$/), totalRows: 1 });

    const live = await (await portalAs(biz.userId, "live")).batches.list({});
    expect(live.data.map((b) => b.id)).toEqual([liveId]);
    expect(live.pagination).toEqual({ page: 1, limit: 20, total: 1, hasMore: false });

    const theirs = await (await portalAs(other.userId)).batches.list({});
    expect(theirs.pagination.total).toBe(1);
    expect(theirs.data.map((b) => b.id)).not.toContain(ids[0]);
  });

  it("refuses a page size over 100", async () => {
    const biz = await createTestBusiness();
    await expect((await portalAs(biz.userId)).batches.list({ limit: 101 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("batches.cancel of a running batch", () => {
  it("ends it as cancelled: the rows not yet processed get `cancelled` and cost nothing", async () => {
    const biz = await createTestBusiness({ live: true, credits: 10_000 });
    const created = await portalUpload(biz, "live", manyRows());
    const { batch, cancelled } = await (await portalAs(biz.userId, "live")).batches.cancel({ id: created.id, ...submission() });
    expect(cancelled).toBe(true);
    expect(batch).toMatchObject({ id: created.id, status: "cancelled", totalRows: 5_000, completedAt: expect.any(String) });
    expect(await cancelledRows(batch.id)).toBe(5_000 - batch.processedRows);
    // Only the rows processed before the cancel were charged.
    expect(batch.creditsUsed).toBe(batch.processedRows);
    expect(await batchFootprint(batch.id)).toMatchObject({ charged: batch.processedRows, results: 5_000, distinct_rows: 5_000 });
    expect(await balanceOf(biz.businessId)).toBe(10_000 - batch.processedRows);
    expect(await finishedEvents(biz.businessId)).toBe(1);
  });

  it("cancels once for a double click, in a row or at once, and answers both clicks alike", async () => {
    const biz = await createTestBusiness();
    const portal = await portalAs(biz.userId);
    const a = await portalUpload(biz, "test", manyRows());
    const token = submission();
    const first = await portal.batches.cancel({ id: a.id, ...token });
    expect(await portal.batches.cancel({ id: a.id, ...token })).toEqual(first);
    expect(first.cancelled).toBe(true);

    const b = await portalUpload(biz, "test", manyRows());
    const concurrent = submission();
    const both = await Promise.all([0, 1].map(() => portal.batches.cancel({ id: b.id, ...concurrent })));
    expect(both[1]).toEqual(both[0]);
    expect(both[0]).toMatchObject({ cancelled: true, batch: { status: "cancelled" } });

    for (const batch of [first.batch, both[0]!.batch]) expect(await cancelledRows(batch.id)).toBe(5_000 - batch.processedRows);
    expect(await finishedEvents(biz.businessId)).toBe(2);
  });

  it("ends a suspended business's waiting batch: the API refuses the business, its portal still cancels", async () => {
    const biz = await createTestBusiness({ live: true, credits: 10_000 });
    const created = await portalUpload(biz, "live", manyRows());
    await setBusinessStatus(systemContext("test"), { businessId: biz.businessId, status: "suspended", reason: "test" });
    const refused = await api("POST", `/batches/${created.id}/cancel`, { key: biz.liveKey! });
    expect(refused.status).toBe(403);
    const { batch, cancelled } = await (await portalAs(biz.userId, "live")).batches.cancel({ id: created.id, ...submission() });
    expect(cancelled).toBe(true);
    expect(batch).toMatchObject({ id: created.id, status: "cancelled", totalRows: 5_000 });
    // What no worker took while it waited comes back: nothing is charged for rows never looked up.
    expect(await cancelledRows(batch.id)).toBe(5_000 - batch.processedRows);
    expect(await balanceOf(biz.businessId)).toBe(10_000 - batch.processedRows);
  });

  it("needs the form's submission token", async () => {
    const biz = await createTestBusiness();
    const created = await portalUpload(biz, "test", [SANDBOX_IDS.verified]);
    await expect((await portalAs(biz.userId)).batches.cancel({ id: created.id } as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});

describe("a viewer", () => {
  it("lists and opens the business's batches but cannot cancel them", async () => {
    const biz = await createTestBusiness();
    const created = await portalUpload(biz, "test", [SANDBOX_IDS.verified]);
    const viewer = await portalAs((await createTestMember(biz.businessId, "viewer")).userId);
    expect((await viewer.batches.list({})).data.map((b) => b.id)).toEqual([created.id]);
    expect((await viewer.batches.get({ id: created.id })).id).toBe(created.id);
    await expect(viewer.batches.cancel({ id: created.id, ...submission() })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await (await portalAs(biz.userId)).batches.get({ id: created.id })).status).not.toBe("cancelled");
  });
});

describe("processed batches", () => {
  withBatchWorker();

  it("batches.get answers the batch with its counts; another business's or mode's batch is not found, like an unknown one", async () => {
    const biz = await createTestBusiness({ live: true, credits: 10 });
    const portal = await portalAs(biz.userId);
    const created = await portalUpload(biz, "test", [SANDBOX_IDS.verified, SANDBOX_IDS.not_found, "123"]);
    const batch = await ended(portal, created.id);
    expect(batch).toMatchObject({
      id: created.id,
      status: "completed",
      mode: "test",
      totalRows: 3,
      processedRows: 3,
      counts: { verified: 1, not_found: 1, expired: 0, revoked: 0, invalid: 1, insufficient_credits: 0 },
      creditsUsed: 0,
    });

    const unknown = await portal.batches.get({ id: randomUUID() }).catch((e: unknown) => e);
    expect(unknown).toMatchObject({ code: "NOT_FOUND", message: "Batch not found" });
    const outsider = await portalAs((await createTestBusiness()).userId);
    for (const caller of [outsider, await portalAs(biz.userId, "live")]) {
      await expect(caller.batches.get({ id: created.id })).rejects.toMatchObject({ code: "NOT_FOUND", message: "Batch not found" });
      await expect(caller.batches.cancel({ id: created.id, ...submission() })).rejects.toMatchObject({ code: "NOT_FOUND", message: "Batch not found" });
    }
    await expect(portal.batches.get({ id: "not-a-uuid" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "id must be a batch id (UUID)" });
  });

  it("batches.cancel of a completed batch answers it unchanged, as the API does", async () => {
    const biz = await createTestBusiness();
    const portal = await portalAs(biz.userId);
    const done = await ended(portal, (await portalUpload(biz, "test", [SANDBOX_IDS.verified])).id);
    expect(await portal.batches.cancel({ id: done.id, ...submission() })).toEqual({ batch: done, cancelled: false });
    expect(await cancelledRows(done.id)).toBe(0);
    expect(await finishedEvents(biz.businessId)).toBe(1);
  });

  describe("the upload route", () => {
    const uploadUrl = (submissionId: string) => `${inject("baseUrl")}/batches/upload?submission=${submissionId}`;
    const post = (cookie: string | null, submissionId: string, csv: string) =>
      fetch(uploadUrl(submissionId), { method: "POST", headers: { "content-type": "text/csv", ...(cookie ? { cookie } : {}) }, body: csv });

    it("creates a batch for the signed-in member, once per submission, whose rows are verifications of channel batch", async () => {
      const biz = await createTestBusiness();
      const cookie = await signInOverHttp(biz, "203.0.113.90");
      expect(cookie).not.toBeNull();
      const file = csvOf("nationalId", [SANDBOX_IDS.verified, SANDBOX_IDS.revoked]);
      const token = randomUUID();
      const res = await post(cookie, token, file);
      expect(res.status).toBe(202);
      const created = (await res.json()) as { message: string; data: { id: string } };
      expect(created).toMatchObject({ message: "Batch accepted", data: { status: "queued", mode: "test", totalRows: 2 } });

      const again = await post(cookie, token, file);
      expect(again.status).toBe(202);
      expect(await again.json()).toEqual(created);
      expect(await batchesOf(biz.businessId)).toBe(1);

      const batch = await ended(await portalAs(biz.userId), created.data.id);
      expect(batch.counts).toMatchObject({ verified: 1, revoked: 1 });
      const { rows } = await pool().query<{ channel: string; user_id: string | null; api_key_id: string | null }>(
        `SELECT v.channel, b.user_id, b.api_key_id FROM batch b JOIN verification v ON v.request_id = b.request_id AND v.business_id = b.business_id
          WHERE b.id = $1`,
        [batch.id],
      );
      expect(rows).toEqual([0, 1].map(() => ({ channel: "batch", user_id: biz.userId, api_key_id: null })));
    });

    it("reads a file larger than 10 MB whole: nothing in front of the route holds or cuts it", async () => {
      const biz = await createTestBusiness();
      const cookie = await signInOverHttp(biz, "203.0.113.92");
      // Few, long rows (their purpose is too long: invalid rows, cheap to store) make a large file.
      const rows = Array.from({ length: 11_000 }, () => `${SANDBOX_IDS.verified},${"p".repeat(1000)}`);
      const file = csvOf("nationalId,purpose", rows);
      expect(file.length).toBeGreaterThan(10.5 * 1024 * 1024);
      const res = await post(cookie, randomUUID(), file);
      expect(res.status).toBe(202);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      const created = (await res.json()) as { data: { id: string; totalRows: number } };
      expect(created.data.totalRows).toBe(11_000);
      // Its rows are not what this test is about: cancelled, so the worker does not verify them.
      await (await portalAs(biz.userId)).batches.cancel({ id: created.data.id, ...submission() });
    });

    it("refuses a signed-out visitor and a viewer, and creates nothing", async () => {
      const biz = await createTestBusiness();
      const viewer = await createTestMember(biz.businessId, "viewer");
      const file = csvOf("nationalId", [SANDBOX_IDS.verified]);
      expect((await post(null, randomUUID(), file)).status).toBe(401);
      const cookie = await signInOverHttp({ email: viewer.email, password: biz.password }, "203.0.113.91");
      const refused = await post(cookie, randomUUID(), file);
      expect(refused.status).toBe(403);
      expect(await batchesOf(biz.businessId)).toBe(0);
    });
  });
});
