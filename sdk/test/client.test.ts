import { describe, expect, it } from "vitest";
import {
  BadRequestError,
  ConflictError,
  ForbiddenError,
  Hubi,
  HubiError,
  InsufficientCreditsError,
  InternalServerError,
  NotFoundError,
  RateLimitedError,
  UnauthorizedError,
  UnexpectedResponseError,
  type VerifyCitizenResponse,
} from "../src/index.js";
import { apiError, fakeFetch, json, TEST_KEY } from "./fake-fetch.js";

const client = (...replies: Parameters<typeof fakeFetch>) => {
  const fake = fakeFetch(...replies);
  return { hubi: new Hubi({ apiKey: TEST_KEY, environment: "test", baseUrl: "https://api.test", maxRetries: 0, fetch: fake.fetch }), calls: fake.calls };
};

const verification = {
  id: "0b8f7c1e-4d0a-4c55-9a52-3f1f5e0c2d7a",
  reference: "HV-20261122-7KQ2M9XD",
  result: "verified",
  purpose: "Account opening",
  channel: "api",
  match: null,
  consent: null,
  lawfulBasis: null,
  redactedAt: null,
  createdAt: "2026-11-22T09:30:00.000Z",
} as const;

const verified: VerifyCitizenResponse = {
  message: "Citizen verified",
  cached: true,
  creditDeducted: false,
  data: { ...verification, creditsUsed: 0 },
  citizen: { fullName: "Amina Hassan Abdi", dateOfBirth: "1990-04-12", dateOfIssue: "2019-06-01" },
  match: null,
};

const page = (n: number, items: number, total: number, hasMore = n * 2 < total) =>
  json(200, { message: "ok", data: Array.from({ length: items }, (_, i) => ({ ...verification, id: `${n}-${i}` })), pagination: { limit: 2, total, hasMore } });

describe("verifyCitizen", () => {
  it("posts the request with the key and a generated idempotency key", async () => {
    const { hubi, calls } = client(json(200, verified));
    await hubi.verifyCitizen({ nationalId: "11111111111", purpose: "Account opening" });
    const [call] = calls;
    expect(call!.url).toBe("https://api.test/api/v1/verify/citizen");
    expect(call!.init.method).toBe("POST");
    expect(call!.headers.get("authorization")).toBe(`Bearer ${TEST_KEY}`);
    expect(call!.headers.get("content-type")).toBe("application/json");
    expect(call!.headers.get("idempotency-key")).toMatch(/^[0-9a-f-]{36}$/);
    expect(call!.body).toEqual({ nationalId: "11111111111", purpose: "Account opening" });
  });

  it("sends the caller's idempotency key and a new one per call otherwise", async () => {
    const { hubi, calls } = client(json(200, verified), json(200, verified), json(200, verified));
    await hubi.verifyCitizen({ nationalId: "11111111111" }, { idempotencyKey: "order-8841-verify" });
    await hubi.verifyCitizen({ nationalId: "11111111111" });
    await hubi.verifyCitizen({ nationalId: "11111111111" });
    const keys = calls.map((c) => c.headers.get("idempotency-key"));
    expect(keys[0]).toBe("order-8841-verify");
    expect(keys[1]).not.toBe(keys[2]);
  });

  it("returns the outcome flattened, with isCached, reference, requestId and the raw body", async () => {
    const { hubi } = client(json(200, verified));
    const result = await hubi.verifyCitizen({ nationalId: "11111111111" });
    expect(result).toEqual({
      ...verification,
      creditsUsed: 0,
      creditDeducted: false,
      isCached: true,
      citizen: verified.citizen,
      message: "Citizen verified",
      requestId: "req_test",
      rateLimit: null,
      replayed: false,
      raw: verified,
    });
  });

  it.each(["1234567890", "123456789012", "1234-567890", " 11111111111", "١١١١١١١١١١١"])(
    "rejects %j locally with the server's message, without a request",
    async (nationalId) => {
      const { hubi, calls } = client();
      const error = await hubi.verifyCitizen({ nationalId }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(BadRequestError);
      expect(error).toMatchObject({
        status: 400,
        code: "BAD_REQUEST",
        message: "National ID must be exactly 11 digits",
        errors: [{ field: "nationalId", message: "National ID must be exactly 11 digits" }],
      });
      expect(calls).toHaveLength(0);
    },
  );

  it("rejects a non-string national ID locally", async () => {
    const { hubi, calls } = client();
    await expect(hubi.verifyCitizen({ nationalId: 11111111111 as unknown as string })).rejects.toBeInstanceOf(BadRequestError);
    expect(calls).toHaveLength(0);
  });
});

describe("typed errors", () => {
  it.each([
    [400, "BAD_REQUEST", BadRequestError],
    [401, "UNAUTHORIZED", UnauthorizedError],
    [402, "INSUFFICIENT_CREDITS", InsufficientCreditsError],
    [403, "FORBIDDEN", ForbiddenError],
    [404, "NOT_FOUND", NotFoundError],
    [409, "CONFLICT", ConflictError],
    [429, "RATE_LIMITED", RateLimitedError],
    [500, "INTERNAL_ERROR", InternalServerError],
  ] as const)("maps %i %s to its class with status, code, message, errors and requestId", async (status, code, ErrorClass) => {
    const errors = [{ field: "limit", message: "limit must be at most 100" }];
    const { hubi } = client(apiError(status, code, "Something failed", {}, { errors }));
    const error = await hubi.getVerification("x").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error).toBeInstanceOf(HubiError);
    expect(error).toMatchObject({ status, code, message: "Something failed", errors, requestId: "req_error", name: ErrorClass.name });
  });

  it("carries Retry-After seconds on a rate-limit error", async () => {
    const { hubi } = client(apiError(429, "RATE_LIMITED", "Slow down", { "Retry-After": "12" }));
    await expect(hubi.listVerifications()).rejects.toMatchObject({ retryAfter: 12 });
  });

  it("maps a 5xx that is not a Hubi error body (a proxy page) to InternalServerError", async () => {
    const { hubi } = client(new Response("<html>Bad gateway</html>", { status: 502, headers: { "X-Request-Id": "req_proxy" } }));
    const error = await hubi.listVerifications().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InternalServerError);
    expect(error).toMatchObject({ status: 502, requestId: "req_proxy" });
  });

  it("reports an error code newer than the library as UNEXPECTED_RESPONSE, keeping the API's code in the message", async () => {
    const { hubi } = client(apiError(418, "TEAPOT", "No coffee"));
    const error = await hubi.listVerifications().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnexpectedResponseError);
    expect(error).toMatchObject({ code: "UNEXPECTED_RESPONSE", status: 418, message: "TEAPOT: No coffee", requestId: "req_error" });
  });
});

describe("listVerifications and getVerification", () => {
  it("sends filters as query parameters, dates as ISO 8601", async () => {
    const { hubi, calls } = client(page(2, 0, 0));
    await hubi.listVerifications({ page: 2, limit: 50, result: "not_found", from: new Date("2026-11-01T00:00:00Z"), to: "2026-11-22" });
    const url = new URL(calls[0]!.url);
    expect(url.pathname).toBe("/api/v1/verifications");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      page: "2",
      limit: "50",
      result: "not_found",
      from: "2026-11-01T00:00:00.000Z",
      to: "2026-11-22",
    });
    expect(calls[0]!.headers.has("idempotency-key")).toBe(false);
  });

  it("returns data, pagination and requestId", async () => {
    const { hubi } = client(page(1, 2, 2));
    const result = await hubi.listVerifications();
    expect(result.pagination).toEqual({ limit: 2, total: 2, hasMore: false });
    expect(result.data).toHaveLength(2);
    expect(result.requestId).toBe("req_test");
  });

  it("iterates page after page by cursor (the last item's id) until hasMore is false", async () => {
    const { hubi, calls } = client(page(1, 2, 5), page(2, 2, 5), page(3, 1, 5));
    const ids: string[] = [];
    for await (const item of hubi.listAllVerifications({ result: "verified", limit: 2 })) ids.push(item.id);
    expect(ids).toEqual(["1-0", "1-1", "2-0", "2-1", "3-0"]);
    expect(calls.map((c) => new URL(c.url).searchParams.get("startingAfter"))).toEqual([null, "1-1", "2-1"]);
    expect(calls.every((c) => new URL(c.url).searchParams.get("result") === "verified")).toBe(true);
  });

  it("stops iterating on an empty page", async () => {
    const { hubi, calls } = client(page(1, 0, 0));
    for await (const item of hubi.listAllVerifications()) expect.unreachable(`unexpected ${item.id}`);
    expect(calls).toHaveLength(1);
  });

  it("retrieves one verification by id, encoded in the path", async () => {
    const { hubi, calls } = client(json(200, { message: "ok", data: verification, citizen: null }));
    const result = await hubi.getVerification("a/b");
    expect(calls[0]!.url).toBe("https://api.test/api/v1/verifications/a%2Fb");
    expect(result).toEqual({ ...verification, citizen: null, requestId: "req_test", rateLimit: null, replayed: false });
  });
});
