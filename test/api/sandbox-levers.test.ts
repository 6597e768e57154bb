/**
 * Sandbox levers: national IDs that make a test key's verify answer each error a client must
 * handle, or raise the credit events, without recording or counting anything for the errors.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { SANDBOX_LEVERS, SLOW_RESPONSE_SECONDS } from "@/contracts/sandbox";
import { db } from "@/server/db/client";
import { api } from "../support/api";
import { createTestBusiness, type TestBusiness } from "../support/factories";

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
    if (status === 429) expect(res.headers.get("retry-after")).toBe("2");
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

  it(`answers the slow ID after ${SLOW_RESPONSE_SECONDS} s`, async () => {
    const started = Date.now();
    const res = await verify(SANDBOX_LEVERS.slow_response);
    expect(res.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(SLOW_RESPONSE_SECONDS * 1000 - 50);
  }, 30_000);

  it("are sandbox-only: with a live key these IDs are ordinary registry lookups", async () => {
    const res = await verify(SANDBOX_LEVERS.internal_error, biz.liveKey!);
    expect(res.status).toBe(200);
    expect(res.body.data.result).toBe("not_found");
  });
});
