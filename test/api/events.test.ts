/**
 * GET /events and GET /events/{id}: the business's events in the key's mode, exactly as webhooks
 * deliver them, newest first, filtered by type and time, free of charge; anything that is not the
 * caller's (or older than 30 days) is 404.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "@/server/db/client";
import { buildEvent, raiseEvent } from "@/server/events/outbox";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";
import { balanceOf } from "../support/queries";

let biz: TestBusiness;
let verificationId: string;

beforeAll(async () => {
  biz = await createTestBusiness({ live: true, credits: 50 });
  const res = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId(), purpose: "Events" } });
  verificationId = res.body.data.id;
  const test = buildEvent("webhook_test", "test", { message: "hello" });
  await db().$transaction((tx) => raiseEvent(tx, biz.businessId, test));
});

const events = (query = "", key = biz.testKey) => api("GET", `/events${query}`, { key });

describe("GET /events", () => {
  it("lists the mode's events newest first, as delivered, with cursor pagination", async () => {
    const res = await events();
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Events retrieved");
    expect(res.body.data.map((e: { type: string }) => e.type)).toEqual(["webhook_test", "verification_completed"]);
    expect(res.body.data[1]).toMatchObject({ mode: "test", data: { id: verificationId, result: "verified", purpose: "Events" } });
    expect(res.body.pagination).toEqual({ limit: 20, hasMore: false });
    expect(res.headers.get("ratelimit-limit")).toBeTruthy();

    const first = await events("?limit=1");
    expect(first.body.pagination).toEqual({ limit: 1, hasMore: true });
    const next = await events(`?limit=1&startingAfter=${first.body.data[0].id}`);
    expect(next.body.data[0].type).toBe("verification_completed");
    expect(next.body.pagination.hasMore).toBe(false);
    const back = await events(`?limit=1&endingBefore=${next.body.data[0].id}`);
    expect(back.body.data).toEqual(first.body.data);
  });

  it("filters by type and time, and validates the query", async () => {
    expect((await events("?type=verification_completed")).body.data).toHaveLength(1);
    expect((await events(`?from=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`)).body.data).toEqual([]);
    const bad = await events("?type=everything&limit=0");
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(["limit", "type"]);
    expect((await events(`?startingAfter=${randomUUID()}`)).body.errors).toEqual([
      { field: "startingAfter", message: "startingAfter must be the id of one of your events in this mode" },
    ]);
  });

  it("keeps modes and businesses apart, and costs no credit in live mode", async () => {
    const before = await balanceOf(biz.businessId);
    const live = await events("", biz.liveKey!);
    expect(live.status).toBe(200);
    expect(live.body.data).toEqual([]);
    expect(await balanceOf(biz.businessId)).toBe(before);
    const stranger = await createTestBusiness();
    expect((await events("", stranger.testKey)).body.data).toEqual([]);
  });
});

describe("GET /events/{id}", () => {
  it("retrieves one event; another business's, another mode's, a malformed or an expired id is 404", async () => {
    const [latest] = (await events("?limit=1")).body.data;
    const one = await api("GET", `/events/${latest.id}`, { key: biz.testKey });
    expect(one.status).toBe(200);
    expect(one.body).toEqual({ message: "Event retrieved", data: latest });

    const old = buildEvent("webhook_test", "test", { message: "old" }, new Date(Date.now() - 31 * 86_400_000));
    await db().$transaction((tx) => raiseEvent(tx, biz.businessId, old));
    const stranger = await createTestBusiness();
    for (const [id, key] of [
      [latest.id, stranger.testKey],
      [latest.id, biz.liveKey!],
      ["not-a-uuid", biz.testKey],
      [old.id, biz.testKey],
    ] as const) {
      const res = await api("GET", `/events/${id}`, { key });
      expect(res.status, `${id}`).toBe(404);
      expect(res.body).toMatchObject({ code: "NOT_FOUND", message: "Event not found" });
    }
    expect((await events()).body.data.map((e: { id: string }) => e.id)).not.toContain(old.id);
  });
});
