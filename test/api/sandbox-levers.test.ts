/**
 * Sandbox levers: national IDs that make a test key's verify answer each error a client must
 * handle, or raise the credit events, without recording or counting anything for the errors; and
 * the slow registry's branches (product rules §21): pending, the slow answer, the outage.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { OUTAGE_RETRY_AFTER_SECONDS, PENDING_SECONDS, SANDBOX_LEVERS } from "@/contracts/sandbox";
import { db } from "@/server/db/client";
import { api } from "../support/api";
import { createTestBusiness, type TestBusiness } from "../support/factories";
import { waitFor } from "../support/wait-for";

let biz: TestBusiness;
const verify = (nationalId: string, key = biz.testKey, headers: Record<string, string> = {}) =>
  api("POST", "/verify/citizen", { key, body: { nationalId }, headers });
const verifications = () => db().verification.count({ where: { businessId: biz.businessId } });

beforeAll(async () => {
  biz = await createTestBusiness({ live: true, credits: 10 });
});

describe("sandbox levers", () => {
  it.each([
    [SANDBOX_LEVERS.insufficient_credits, 402, "INSUFFICIENT_CREDITS"],
    [SANDBOX_LEVERS.rate_limited, 429, "RATE_LIMITED"],
    [SANDBOX_LEVERS.internal_error, 500, "INTERNAL_ERROR"],
  ])("%s answers %i %s, and records nothing", async (nationalId, status, code) => {
    const before = await verifications();
    const res = await verify(nationalId, biz.testKey, { "Idempotency-Key": `lever-${nationalId}-${Date.now()}` });
    expect(res.status).toBe(status);
    expect(res.body).toMatchObject({ status: "failed", code, requestId: res.headers.get("x-request-id") });
    if (status === 429) {
      // As a real 429: nothing left until the reset, which is the Retry-After.
      expect([res.headers.get("retry-after"), res.headers.get("ratelimit-remaining"), res.headers.get("ratelimit-reset")]).toEqual(["2", "0", "2"]);
    }
    expect(await verifications()).toBe(before);
  });

  it.each([
    [SANDBOX_LEVERS.credits_low, "credits_low", 9],
    [SANDBOX_LEVERS.credits_exhausted, "credits_exhausted", 0],
  ] as const)("%s verifies and raises a test-mode %s event", async (nationalId, type, balance) => {
    const res = await verify(nationalId);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toBe("verified");
    const events = await api("GET", `/events?type=${type}`, { key: biz.testKey });
    expect(events.body.data).toEqual([
      { id: expect.any(String), type, mode: "test", createdAt: expect.any(String), data: { balance, threshold: 10 } },
    ]);
  });

  it("answers the slow ID within a plain request's budget: a free 503 REGISTRY_UNAVAILABLE, nothing recorded", async () => {
    const before = await verifications();
    const res = await verify(SANDBOX_LEVERS.slow_response);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: "REGISTRY_UNAVAILABLE" });
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await verifications()).toBe(before);
  }, 20_000);

  it("answers the outage ID at once with 503 REGISTRY_UNAVAILABLE and Retry-After, no lookup waited for, the key free again", async () => {
    const key = { "Idempotency-Key": `outage-${Date.now()}` };
    const before = await verifications();
    const res = await verify(SANDBOX_LEVERS.registry_outage, biz.testKey, key);
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: "REGISTRY_UNAVAILABLE", message: expect.stringContaining("unavailable") });
    expect(res.headers.get("retry-after")).toBe(String(OUTAGE_RETRY_AFTER_SECONDS));
    expect(await verifications()).toBe(before);
    // Nothing goes on behind it: the same key is the same fresh 503, never 409 in flight.
    expect((await verify(SANDBOX_LEVERS.registry_outage, biz.testKey, key)).status).toBe(503);
  });

  it(`answers the pending ID after ${PENDING_SECONDS} s with its final result when the caller does not take a 202`, async () => {
    const started = performance.now();
    const res = await verify(SANDBOX_LEVERS.pending);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toBe("verified");
    expect(performance.now() - started).toBeGreaterThanOrEqual(PENDING_SECONDS * 1000 - 100);
  }, 20_000);

  it("answers the pending ID with 202 pending under respond-async, then completes with its event", async () => {
    const res = await verify(SANDBOX_LEVERS.pending, biz.testKey, { Prefer: "respond-async" });
    expect(res.status).toBe(202);
    expect(res.body).toMatchObject({ creditDeducted: false, citizen: null, data: { result: "pending", creditsUsed: 0 } });
    // The app's own lookup answers after those seconds: no worker needed.
    // Waits on the database: polling the API would spend the key's read limit (60 a minute).
    await waitFor("the sandbox verification to complete", async () => {
      const row = await db().verification.findUnique({ where: { id: res.body.data.id }, select: { result: true } });
      return row?.result !== "pending";
    });
    const done = await api("GET", `/verifications/${res.body.data.id}`, { key: biz.testKey });
    expect(done.body).toMatchObject({ data: { result: "verified" }, citizen: { fullName: expect.any(String) } });
    const events = await api("GET", "/events?type=verification_completed", { key: biz.testKey });
    expect(events.body.data.filter((e: { data: { id: string } }) => e.data.id === res.body.data.id)).toHaveLength(1);
  }, 60_000);

  it("are sandbox-only: with a live key these IDs are ordinary registry lookups", async () => {
    const res = await verify(SANDBOX_LEVERS.internal_error, biz.liveKey!);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toBe("not_found");
  });
});
