/**
 * Per-call options and hooks, what responses say about themselves (request id, rate limit,
 * replay), the User-Agent, and the guide link on every error.
 */
import { describe, expect, it } from "vitest";
import { AbortedError, Hubi, HubiError, InternalServerError, TimeoutError, VERSION, type ResponseInfo, type RetryInfo } from "../src/index.js";
import { apiError, fakeFetch, fastRetries, json, TEST_KEY, type Reply } from "./fake-fetch.js";
import sdkPackage from "../package.json" with { type: "json" };

const verified = {
  message: "Citizen verified",
  cached: true,
  creditDeducted: false,
  data: { id: "0b8f7c1e-4d0a-4c55-9a52-3f1f5e0c2d7a", reference: "HV-20261122-7KQ2M9XD", result: "verified", purpose: null, channel: "api", createdAt: "2026-11-22T09:30:00.000Z", creditsUsed: 0 },
  citizen: null,
};
const limited = { "RateLimit-Limit": "60", "RateLimit-Remaining": "41", "RateLimit-Reset": "17" };

function client(replies: Reply[], options: { maxRetries?: number; timeoutMs?: number; onRetry?: (r: RetryInfo) => void } = {}) {
  const fake = fakeFetch(...replies);
  return { hubi: new Hubi({ apiKey: TEST_KEY, environment: "test", baseUrl: "https://hubi.example", fetch: fake.fetch, ...fastRetries, ...options }), calls: fake.calls };
}

describe("per-call options", () => {
  it("overrides maxRetries for one call only", async () => {
    const boom = () => apiError(500, "INTERNAL_ERROR", "Boom");
    const { hubi, calls } = client([boom(), boom(), json(200, verified), boom()], { maxRetries: 0 });
    await expect(hubi.verifyCitizen({ nationalId: "11111111111" }, { maxRetries: 2 })).resolves.toMatchObject({ result: "verified" });
    expect(calls).toHaveLength(3);
    await expect(hubi.verifyCitizen({ nationalId: "11111111111" })).rejects.toBeInstanceOf(InternalServerError);
    expect(calls).toHaveLength(4);
  });

  it("overrides timeoutMs for one call", async () => {
    const { hubi } = client(["hang"], { maxRetries: 0 });
    const started = Date.now();
    const error = await hubi.listVerifications({}, { timeoutMs: 30 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TimeoutError);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("ends an attempt on its timeout or the caller's signal even when the fetch ignores both", async () => {
    const deaf = client(["deaf"], { maxRetries: 0 });
    expect(await deaf.hubi.listVerifications({}, { timeoutMs: 30 }).catch((e: unknown) => e)).toBeInstanceOf(TimeoutError);
    // A body that never ends (the headers came, the rest did not) is a timeout too.
    const stalled = client([new Response(new ReadableStream({ start() {} }), { status: 200 })], { maxRetries: 0 });
    expect(await stalled.hubi.listVerifications({}, { timeoutMs: 30 }).catch((e: unknown) => e)).toBeInstanceOf(TimeoutError);
    const aborted = client(["deaf"], { maxRetries: 0 });
    const controller = new AbortController();
    const pending = aborted.hubi.listVerifications({}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortedError);
  });

  it("aborts a call in flight, and the wait before a retry, with AbortedError", async () => {
    const inFlight = client(["hang"]);
    const controller = new AbortController();
    const pending = inFlight.hubi.listVerifications({}, { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    expect(await pending).toBeInstanceOf(AbortedError);

    const waiting = client([apiError(429, "RATE_LIMITED", "Slow down", { "Retry-After": "30" })], { maxRetries: 3 });
    const second = new AbortController();
    const retried = waiting.hubi.listVerifications({}, { signal: second.signal, onRetry: () => second.abort() }).catch((e: unknown) => e);
    expect(await retried).toMatchObject({ code: "ABORTED" });
    expect(waiting.calls).toHaveLength(1);

    const already = client([]);
    expect(await already.hubi.listVerifications({}, { signal: AbortSignal.abort() }).catch((e: unknown) => e)).toBeInstanceOf(AbortedError);
    expect(already.calls).toHaveLength(0);
  });

  it("calls onRetry before each retry and onResponse for every response, per call and per client", async () => {
    const retries: RetryInfo[] = [];
    const responses: ResponseInfo[] = [];
    const { hubi } = client([apiError(503, "INTERNAL_ERROR", "Busy", limited), json(200, verified, limited)], { onRetry: (r) => retries.push(r) });
    await hubi.verifyCitizen({ nationalId: "11111111111" }, { onResponse: (r) => responses.push(r) });
    expect(retries).toEqual([expect.objectContaining({ method: "POST", path: "/verify/citizen", retry: 1, error: expect.any(HubiError) })]);
    expect(responses.map((r) => [r.status, r.requestId, r.rateLimit?.remaining])).toEqual([
      [503, "req_test", 41],
      [200, "req_test", 41],
    ]);
  });
});

describe("what a response says about itself", () => {
  it("exposes requestId, the RateLimit-* values and the replay flag on results", async () => {
    const { hubi } = client([json(200, verified, { ...limited, "Idempotent-Replayed": "true" })]);
    const result = await hubi.verifyCitizen({ nationalId: "11111111111" });
    expect(result).toMatchObject({ requestId: "req_test", rateLimit: { limit: 60, remaining: 41, reset: 17 }, replayed: true, isCached: true });
  });

  it("exposes requestId and the RateLimit-* values on errors", async () => {
    const { hubi } = client([apiError(402, "INSUFFICIENT_CREDITS", "Top up", limited)]);
    const error = await hubi.verifyCitizen({ nationalId: "11111111111" }).catch((e: unknown) => e);
    expect(error).toMatchObject({ requestId: "req_error", rateLimit: { limit: 60, remaining: 41, reset: 17 }, replayed: false });
  });

  it("sends User-Agent hubi-node/<version>, the package's version", async () => {
    const { hubi, calls } = client([json(200, { message: "ok", data: [], pagination: { limit: 20, total: 0, hasMore: false } })]);
    await hubi.listVerifications();
    expect(calls[0]!.headers.get("user-agent")).toBe(`hubi-node/${sdkPackage.version}`);
    expect(VERSION).toBe(sdkPackage.version);
  });
});

describe("docUrl", () => {
  it.each([
    [apiError(402, "INSUFFICIENT_CREDITS", "Top up"), "error-insufficient-credits"],
    [apiError(429, "RATE_LIMITED", "Slow down", { "Retry-After": "999" }), "error-rate-limited"],
    [new TypeError("fetch failed"), "error-connection-error"],
    [new Response("<html>", { status: 404 }), "error-unexpected-response"],
  ] as const)("points every error at its section of the deployment's guide (%#)", async (reply, anchor) => {
    const { hubi } = client([reply], { maxRetries: 0 });
    const error = (await hubi.listVerifications().catch((e: unknown) => e)) as HubiError;
    expect(error.docUrl).toBe(`https://hubi.example/docs/guide#${anchor}`);
  });
});
