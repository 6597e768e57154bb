/**
 * GET /events/feed: following events with a cursor. It starts from now, hands each event out once
 * in order, never skips an event whose transaction commits after a later one's, and answers a
 * waiting request as soon as an event arrives.
 */
import http from "node:http";
import { describe, expect, inject, it } from "vitest";
import { pool } from "@/server/db/client";
import { buildEvent } from "@/server/events/outbox";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { waitFor } from "../support/wait-for";

type Feed = { data: { id: string; type: string; data: { id?: string } }[]; cursor: string; hasMore: boolean };
const feed = (key: string, query = "") => api<Feed & { errors?: unknown }>("GET", `/events/feed${query}`, { key });

/**
 * Until no transaction older than the business's events is still running (other test files write
 * concurrently): from then on a feed request sees all of them at once.
 */
const allSettled = (businessId: string) =>
  waitFor("the business's events to settle", async () => {
    const { rows } = await pool().query<{ pending: number }>(
      "SELECT count(*)::int AS pending FROM outbox_event WHERE business_id = $1 AND NOT xact_id < pg_snapshot_xmin(pg_current_snapshot())",
      [businessId],
    );
    return rows[0]!.pending === 0;
  });

describe("GET /events/feed", () => {
  it("starts from now, then hands out each new event once, in order, and resumes from any cursor", async () => {
    const biz = await createTestBusiness();
    await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId() } });
    await allSettled(biz.businessId);
    const start = await feed(biz.testKey);
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ message: "Events retrieved", data: [], hasMore: false, cursor: expect.any(String) });

    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      ids.push((await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId() } })).body.data.id);
    }
    await allSettled(biz.businessId);
    const first = await feed(biz.testKey, `?after=${start.body.cursor}&limit=2`);
    expect(first.body.data.map((e) => e.data.id)).toEqual(ids.slice(0, 2));
    expect(first.body.hasMore).toBe(true);
    const rest = await feed(biz.testKey, `?after=${first.body.cursor}`);
    expect(rest.body.data.map((e) => e.data.id)).toEqual(ids.slice(2));
    expect(rest.body.hasMore).toBe(false);
    // An event id resumes after that event, as the cursor does.
    const afterId = await feed(biz.testKey, `?after=${first.body.data[0]!.id}`);
    expect(afterId.body.data.map((e) => e.data.id)).toEqual(ids.slice(1));
    // The other mode's key sees none of them.
    const live = await createTestBusiness({ live: true, credits: 5 });
    expect((await feed(live.liveKey!, `?after=${start.body.cursor}`)).body.data).toEqual([]);
  });

  it("never skips an event whose transaction began first but commits last", async () => {
    const biz = await createTestBusiness();
    const { cursor } = (await feed(biz.testKey)).body;
    const slow = buildEvent("webhook_test", "test", { message: "committed last" });
    const held = await pool().connect();
    try {
      await held.query("BEGIN");
      await held.query(`INSERT INTO outbox_event (id, business_id, mode, type, payload, created_at) VALUES ($1, $2, 'test', $3, $4, $5)`, [
        slow.id,
        biz.businessId,
        slow.type,
        JSON.stringify(slow),
        slow.createdAt,
      ]);
      const verified = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId() } });
      // Committed, but an older transaction that may still add events before it is running.
      expect((await feed(biz.testKey, `?after=${cursor}`)).body.data).toEqual([]);
      await held.query("COMMIT");
      await allSettled(biz.businessId);
      const both = await feed(biz.testKey, `?after=${cursor}`);
      expect(both.body.data.map((e) => e.id)).toEqual([slow.id, expect.any(String)]);
      expect(both.body.data[1]!.data.id).toBe(verified.body.data.id);
    } finally {
      held.release();
    }
  });

  it("answers a waiting request when an event arrives, or with nothing once the wait is over", async () => {
    const biz = await createTestBusiness();
    const { cursor } = (await feed(biz.testKey)).body;
    const started = Date.now();
    const empty = await feed(biz.testKey, `?after=${cursor}&wait=1`);
    expect(empty.body).toMatchObject({ data: [], cursor, hasMore: false });
    expect(Date.now() - started).toBeGreaterThanOrEqual(1_000);

    const waiting = feed(biz.testKey, `?after=${cursor}&wait=20`);
    const verified = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId() } });
    const answered = await waiting;
    expect(answered.body.data.map((e) => e.data.id)).toEqual([verified.body.data.id]);
  });

  it("stops waiting as soon as its client hangs up", async () => {
    const biz = await createTestBusiness();
    const { cursor } = (await feed(biz.testKey)).body;
    await new Promise<void>((resolve) => {
      const request = http.get(`${inject("baseUrl")}/api/v1/events/feed?after=${cursor}&wait=20`, { headers: { authorization: `Bearer ${biz.testKey}` } });
      request.on("error", () => {}); // our own hang-up
      // Once the request has left, the connection is closed under it.
      request.on("finish", () => resolve(void request.destroy()));
    });
    // The first of the business's two feed requests took its cursor; the second waited.
    const waited = await waitFor(
      "the waiting request in the request log",
      async () => {
        const { rows } = await pool().query<{ latency_ms: number }>(
          "SELECT latency_ms FROM request_log_entry WHERE business_id = $1 AND path = '/api/v1/events/feed' ORDER BY created_at",
          [biz.businessId],
        );
        return rows[1];
      },
      30_000,
    );
    // Served to the end, it would have waited the whole 20 seconds for an event.
    expect(waited.latency_ms).toBeLessThan(10_000);
  });

  it("refuses a malformed cursor, a foreign event id and a wait over 20 seconds", async () => {
    const biz = await createTestBusiness();
    const other = await createTestBusiness();
    const verified = await api("POST", "/verify/citizen", { key: other.testKey, body: { nationalId: uniqueNationalId() } });
    const [bad, foreign, long] = await Promise.all([
      feed(biz.testKey, "?after=yesterday"),
      feed(biz.testKey, `?after=${(await api("GET", "/events?limit=1", { key: other.testKey })).body.data[0].id}`),
      feed(biz.testKey, "?wait=60"),
    ]);
    expect(verified.status).toBe(200);
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: "after", message: "after must be a cursor returned by this endpoint or an event id" }]);
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ field: "after", message: "after must be a cursor of this feed or the id of one of your events in this mode" }]);
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ field: "wait", message: "wait must be at most 20" }]);
  });
});
