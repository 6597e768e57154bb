/**
 * The client library against the real server (the run's production build and database, started by
 * test/global-setup.ts): sandbox outcomes, typed errors, idempotent replay and a retried 429.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { pool } from "@/server/db/client";
import { api } from "../../test/support/api";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../../test/support/factories";
import { ERROR_STATUS } from "@/contracts/errors";
import { SANDBOX_LEVERS } from "@/contracts/sandbox";
import {
  BadRequestError,
  CLIENT_ERROR_CODES,
  Hubi,
  HubiError,
  InsufficientCreditsError,
  InternalServerError,
  NotFoundError,
  RateLimitedError,
  TimeoutError,
  UnauthorizedError,
  type FetchLike,
  type HubiErrorCode,
} from "../src/index.js";

const REFERENCE = /^HV-\d{8}-[0-9A-HJKMNP-TV-Z]{8}$/;

/** A client for the test server; `calls` records each HTTP attempt (status, Retry-After, key). */
function client(apiKey: string, options: { maxRetries?: number } = {}) {
  const calls: { status: number; retryAfter: string | null; idempotencyKey: string | null }[] = [];
  const fetch: FetchLike = async (url, init) => {
    const response = await globalThis.fetch(url, init);
    calls.push({
      status: response.status,
      retryAfter: response.headers.get("retry-after"),
      idempotencyKey: new Headers(init.headers).get("idempotency-key"),
    });
    return response;
  };
  return { hubi: new Hubi({ apiKey, environment: "test", baseUrl: inject("baseUrl"), fetch, ...options }), calls };
}

let biz: TestBusiness;
beforeAll(async () => {
  biz = await createTestBusiness();
});

describe("@hubi/node against the server", () => {
  it("takes a per-call apiKey: one client serving several businesses", async () => {
    const other = await createTestBusiness();
    const hubi = new Hubi({ environment: "test", baseUrl: inject("baseUrl") });
    const mine = await hubi.verifyCitizen({ nationalId: uniqueNationalId() }, { apiKey: biz.testKey });
    const theirs = await hubi.verifyCitizen({ nationalId: uniqueNationalId() }, { apiKey: other.testKey });
    await expect(hubi.getVerification(mine.id, { apiKey: other.testKey })).rejects.toBeInstanceOf(NotFoundError);
    await expect(hubi.getVerification(theirs.id, { apiKey: other.testKey })).resolves.toMatchObject({ id: theirs.id });
    await expect(hubi.listVerifications()).rejects.toThrow("apiKey is required");
  });

  it("verifies the sandbox sample citizen", async () => {
    const { hubi } = client(biz.testKey);
    const v = await hubi.verifyCitizen({ nationalId: "11111111111", purpose: "SDK test" });
    expect(v).toMatchObject({
      result: "verified",
      purpose: "SDK test",
      channel: "api",
      creditsUsed: 0,
      creditDeducted: false,
      isCached: false,
      citizen: { fullName: "Amina Hassan Abdi", dateOfBirth: "1990-04-12", dateOfIssue: "2019-06-01" },
    });
    expect(v.reference).toMatch(REFERENCE);
    expect(v.requestId).toMatch(/^req_/);
  });

  it("sends what the customer claims and returns typed match results", async () => {
    const { hubi } = client(biz.testKey);
    const v = await hubi.verifyCitizen({ nationalId: "11111111111", match: { fullName: "Aamina Xasan Cabdi", dateOfBirth: "1990-04-12" } });
    expect(v.match).toEqual({ fullName: { result: "match", score: expect.any(Number) }, dateOfBirth: { result: "match" } });
    const hist = await hubi.getVerification(v.id);
    expect(hist.match).toEqual(v.match);
  });

  it("sends consent, and redacts a verification (idempotently)", async () => {
    const { hubi } = client(biz.testKey);
    const consent = { obtainedAt: new Date(Date.now() - 60_000).toISOString(), method: "electronic" as const, reference: "APP-ACCEPT-1" };
    const v = await hubi.verifyCitizen({ nationalId: "11111111111", purpose: "Wallet", consent });
    expect(v.consent).toEqual(consent);
    const redacted = await hubi.redactVerification(v.id);
    expect(redacted).toMatchObject({ id: v.id, purpose: null, consent: { ...consent, reference: null }, redactedAt: expect.any(String) });
    expect(redacted.requestId).toMatch(/^req_/);
    await expect(hubi.redactVerification(v.id)).resolves.toMatchObject({ redactedAt: redacted.redactedAt });
  });

  it.each([
    ["22222222222", "not_found"],
    ["33333333333", "expired"],
    ["44444444444", "revoked"],
  ] as const)("resolves %s as %s without citizen details", async (nationalId, result) => {
    const { hubi } = client(biz.testKey);
    await expect(hubi.verifyCitizen({ nationalId })).resolves.toMatchObject({ result, citizen: null });
  });

  it("replays a verification sent again with the same idempotency key", async () => {
    const { hubi } = client(biz.testKey);
    const idempotencyKey = `sdk-${randomUUID()}`;
    const nationalId = uniqueNationalId();
    const first = await hubi.verifyCitizen({ nationalId }, { idempotencyKey });
    const again = await hubi.verifyCitizen({ nationalId }, { idempotencyKey });
    expect(first.isCached).toBe(false);
    expect(again).toMatchObject({ isCached: true, creditDeducted: false, id: first.id, reference: first.reference });
  });

  it("lists, iterates and retrieves what it verified", async () => {
    const fresh = await createTestBusiness();
    const { hubi } = client(fresh.testKey);
    const made = [];
    for (const nationalId of ["11111111111", "22222222222", "33333333333"]) made.push(await hubi.verifyCitizen({ nationalId }));

    const page = await hubi.listVerifications({ limit: 2 });
    expect(page.pagination).toEqual({ page: 1, limit: 2, total: 3, hasMore: true });
    expect(page.data.map((v) => v.id)).toEqual([made[2]!.id, made[1]!.id]);

    const all = [];
    for await (const v of hubi.listAllVerifications({ limit: 2 })) all.push(v.id);
    expect(all).toEqual(made.map((v) => v.id).reverse());

    const notFound = [];
    for await (const v of hubi.listAllVerifications({ result: "not_found" })) notFound.push(v.reference);
    expect(notFound).toEqual([made[1]!.reference]);

    await expect(hubi.getVerification(made[0]!.id)).resolves.toMatchObject({ id: made[0]!.id, result: "verified" });
  });

  it("throws typed errors with the server's request id", async () => {
    const { hubi, calls } = client(biz.testKey);
    const missing = await hubi.getVerification(randomUUID()).catch((e: unknown) => e);
    expect(missing).toBeInstanceOf(NotFoundError);
    expect((missing as NotFoundError).requestId).toMatch(/^req_/);

    const invalid = await hubi.listVerifications({ limit: 101 }).catch((e: unknown) => e);
    expect(invalid).toBeInstanceOf(BadRequestError);
    expect((invalid as BadRequestError).errors).toEqual([expect.objectContaining({ field: "limit" })]);

    const { hubi: unknownKey } = client(`hubi_test_${"x".repeat(43)}`);
    await expect(unknownKey.listVerifications()).rejects.toBeInstanceOf(UnauthorizedError);
    expect(calls.every((c) => c.status !== 429)).toBe(true);
  });

  it("rejects a malformed national ID locally, with the errors the server gives for it", async () => {
    const { hubi, calls } = client(biz.testKey);
    const local = await hubi.verifyCitizen({ nationalId: "123-456" }).catch((e: unknown) => e);
    expect(calls).toHaveLength(0);
    expect(local).toBeInstanceOf(BadRequestError);
    const remote = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: "123-456" } });
    expect(remote.status).toBe(400);
    expect((local as BadRequestError).errors).toEqual(remote.body.errors);
  });

  it("waits out a real 429 (Retry-After) and retries with the same idempotency key", async () => {
    const limited = await createTestBusiness({ rateLimitPerMinute: 1 });
    const { hubi, calls } = client(limited.testKey);
    await hubi.verifyCitizen({ nationalId: uniqueNationalId() }); // uses the only slot of this minute
    // The server counts hits per second over the last 60 s: move this one 52 s into the past, so the
    // real 429 that follows asks for a wait of seconds rather than a minute.
    await pool().query("UPDATE rate_limit_window SET seconds = array(SELECT s - 52 FROM unnest(seconds) AS s) WHERE bucket LIKE $1", [
      `api:${limited.businessId}:test:%`,
    ]);
    const started = Date.now();
    const v = await hubi.verifyCitizen({ nationalId: uniqueNationalId() });
    expect(v.result).toBe("verified");
    const [, rejected, retried] = calls;
    expect(rejected).toMatchObject({ status: 429, retryAfter: expect.stringMatching(/^\d+$/) });
    expect(Number(rejected!.retryAfter)).toBeLessThanOrEqual(8);
    expect(retried).toMatchObject({ status: 200, idempotencyKey: rejected!.idempotencyKey });
    expect(Date.now() - started).toBeGreaterThanOrEqual(Number(rejected!.retryAfter) * 1000);
  });

  it("gives up on a 429 when told to wait longer than maxRetryAfterSeconds", async () => {
    const limited = await createTestBusiness({ rateLimitPerMinute: 1 });
    const { hubi, calls } = client(limited.testKey);
    await hubi.listVerifications();
    const hurried = new Hubi({ apiKey: limited.testKey, environment: "test", baseUrl: inject("baseUrl"), maxRetryAfterSeconds: 0 });
    const error = await hurried.listVerifications().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RateLimitedError);
    expect((error as RateLimitedError).retryAfter).toBeGreaterThan(0);
    expect(calls).toHaveLength(1);
  });

  it("iterates every verification exactly once while new ones are created during the iteration", async () => {
    const fresh = await createTestBusiness();
    const { hubi } = client(fresh.testKey);
    const before: string[] = [];
    for (let i = 0; i < 7; i++) before.push((await hubi.verifyCitizen({ nationalId: uniqueNationalId() })).id);
    const seen: string[] = [];
    for await (const v of hubi.listAllVerifications({ limit: 2 })) {
      seen.push(v.id);
      await hubi.verifyCitizen({ nationalId: uniqueNationalId() }); // lands on top, before the cursor
    }
    expect(seen).toEqual([...before].reverse());
  });

  it("gets each sandbox lever's error, typed, and times out on the slow one", async () => {
    const { hubi, calls } = client(biz.testKey, { maxRetries: 1 });
    await expect(hubi.verifyCitizen({ nationalId: SANDBOX_LEVERS.insufficient_credits })).rejects.toBeInstanceOf(InsufficientCreditsError);
    const limited = await hubi.verifyCitizen({ nationalId: SANDBOX_LEVERS.rate_limited }).catch((e: unknown) => e);
    expect(limited).toMatchObject({ code: "RATE_LIMITED", retryAfter: 2 });
    expect(calls.filter((c) => c.status === 429)).toHaveLength(2); // retried once after Retry-After
    await expect(hubi.verifyCitizen({ nationalId: SANDBOX_LEVERS.internal_error })).rejects.toBeInstanceOf(InternalServerError);
    const slow = await hubi.verifyCitizen({ nationalId: SANDBOX_LEVERS.slow_response }, { timeoutMs: 300, maxRetries: 0 }).catch((e: unknown) => e);
    expect(slow).toBeInstanceOf(TimeoutError);
  }, 30_000);

  it("links every error code it can raise to a section of the deployment's guide that exists", async () => {
    const guide = await (await fetch(`${inject("baseUrl")}/docs/guide`)).text();
    const codes = [...Object.keys(ERROR_STATUS), ...CLIENT_ERROR_CODES];
    const missing = codes.filter((code) => {
      const anchor = new URL(new HubiError(code as HubiErrorCode, { message: "", docsBaseUrl: inject("baseUrl") }).docUrl).hash.slice(1);
      return !guide.includes(`id="${anchor}"`);
    });
    expect(missing).toEqual([]);
  });
});
