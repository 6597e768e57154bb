import { describe, expect, it } from "vitest";
import { ConflictError, ConnectionError, Hubi, IdempotencyInFlightError, InternalServerError, RateLimitedError, TimeoutError } from "../src/index.js";
import { retryDelayMs } from "../src/retry-policy.js";
import { apiError, fakeFetch, fastRetries, json, TEST_KEY, type Reply } from "./fake-fetch.js";

const verified = {
  message: "Citizen verified",
  cached: false,
  creditDeducted: false,
  data: { id: "0b8f7c1e-4d0a-4c55-9a52-3f1f5e0c2d7a", reference: "HV-20261122-7KQ2M9XD", result: "verified", purpose: null, channel: "api", createdAt: "2026-11-22T09:30:00.000Z", creditsUsed: 0 },
  citizen: null,
};

const client = (replies: Reply[], options: { maxRetries?: number; timeoutMs?: number; deadlineMs?: number } = {}) => {
  const fake = fakeFetch(...replies);
  const hubi = new Hubi({ apiKey: TEST_KEY, environment: "test", baseUrl: "https://api.test", fetch: fake.fetch, ...fastRetries, ...options });
  return { hubi, calls: fake.calls };
};

const verify = (hubi: Hubi) => hubi.verifyCitizen({ nationalId: "11111111111" });

describe("retries", () => {
  it.each<[string, Reply]>([
    ["a network failure", new TypeError("fetch failed")],
    ["a 500", apiError(500, "INTERNAL_ERROR", "Boom")],
    ["a 503 from a proxy", new Response("unavailable", { status: 503 })],
    ["a 429 with Retry-After", apiError(429, "RATE_LIMITED", "Slow down", { "Retry-After": "0" })],
    ["an in-flight 409 with Retry-After", apiError(409, "IDEMPOTENCY_IN_FLIGHT", "Still processing", { "Retry-After": "0" })],
  ])("retries %s with the same idempotency key", async (_, failure) => {
    const { hubi, calls } = client([failure, json(200, verified)]);
    await expect(verify(hubi)).resolves.toMatchObject({ result: "verified" });
    expect(calls).toHaveLength(2);
    expect(calls[1]!.headers.get("idempotency-key")).toBe(calls[0]!.headers.get("idempotency-key"));
  });

  it("retries a timeout and reports TimeoutError when every attempt times out", async () => {
    const { hubi, calls } = client(["hang", "hang", "hang"], { timeoutMs: 20 });
    await expect(verify(hubi)).rejects.toBeInstanceOf(TimeoutError);
    expect(calls).toHaveLength(3);
  });

  it("gives up after maxRetries and throws the last error", async () => {
    const { hubi, calls } = client([new TypeError("down"), new TypeError("down"), new TypeError("still down")], { maxRetries: 2 });
    const error = await verify(hubi).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ConnectionError);
    expect((error as Error).message).toContain("still down");
    expect(calls).toHaveLength(3);
  });

  it("waits on a request in flight without using up a retry, and gets its original result", async () => {
    const inFlight = () => apiError(409, "IDEMPOTENCY_IN_FLIGHT", "Still processing", { "Retry-After": "0" });
    const { hubi, calls } = client([new TypeError("reset"), inFlight(), inFlight(), inFlight(), json(200, { ...verified, cached: true })], { maxRetries: 1 });
    await expect(verify(hubi)).resolves.toMatchObject({ result: "verified", isCached: true });
    expect(new Set(calls.map((c) => c.headers.get("idempotency-key"))).size).toBe(1);
  });

  it("gives up on a request in flight at the deadline, with the key to resume it", async () => {
    const replies = Array.from({ length: 50 }, () => apiError(409, "IDEMPOTENCY_IN_FLIGHT", "Still processing", { "Retry-After": "1" }));
    const { hubi, calls } = client(replies, { deadlineMs: 2_500 });
    const error = await verify(hubi).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(IdempotencyInFlightError);
    expect((error as IdempotencyInFlightError).idempotencyKey).toBe(calls[0]!.headers.get("idempotency-key"));
    // Retry-After: 1 within 2.5 s: the first answer and at most two more, never past the deadline.
    expect(calls.length).toBeGreaterThanOrEqual(2);
    expect(calls.length).toBeLessThanOrEqual(3);
  });

  it("never retries a payload-mismatch 409 (no Retry-After)", async () => {
    const { hubi, calls } = client([apiError(409, "CONFLICT", "This Idempotency-Key was already used with a different request payload.")]);
    await expect(verify(hubi)).rejects.toBeInstanceOf(ConflictError);
    expect(calls).toHaveLength(1);
  });

  it.each([
    [400, "BAD_REQUEST"],
    [401, "UNAUTHORIZED"],
    [402, "INSUFFICIENT_CREDITS"],
    [403, "FORBIDDEN"],
    [404, "NOT_FOUND"],
  ])("never retries a %i", async (status, code) => {
    const { hubi, calls } = client([apiError(status, code, "No")]);
    await expect(hubi.listVerifications()).rejects.toMatchObject({ status, code });
    expect(calls).toHaveLength(1);
  });

  it("does not wait for a Retry-After beyond maxRetryAfterSeconds", async () => {
    const { hubi, calls } = client([apiError(429, "RATE_LIMITED", "Slow down", { "Retry-After": "3600" })]);
    await expect(hubi.listVerifications()).rejects.toMatchObject({ retryAfter: 3600 });
    expect(calls).toHaveLength(1);
  });
});

describe("retry delays", () => {
  const options = { retryBaseDelayMs: 500, retryMaxDelayMs: 8_000, maxRetryAfterSeconds: 60 };
  const serverError = new InternalServerError({ message: "Boom" });

  it("backs off exponentially with jitter between half and all of each step, up to the cap", () => {
    const low = [0, 1, 2, 3, 4, 5].map((retry) => retryDelayMs(serverError, retry, options, () => 0));
    const high = [0, 1, 2, 3, 4, 5].map((retry) => retryDelayMs(serverError, retry, options, () => 1));
    expect(low).toEqual([250, 500, 1000, 2000, 4000, 4000]);
    expect(high).toEqual([500, 1000, 2000, 4000, 8000, 8000]);
  });

  it("waits at least Retry-After on a 429", () => {
    const limited = new RateLimitedError({ message: "Slow down", retryAfter: 7 });
    expect(retryDelayMs(limited, 0, options, () => 0)).toBe(7000);
    expect(retryDelayMs(limited, 0, options, () => 0.99)).toBeLessThan(7500);
  });

  it("does not retry an unknown error", () => {
    expect(retryDelayMs(new Error("bug"), 0, options)).toBeUndefined();
  });
});
