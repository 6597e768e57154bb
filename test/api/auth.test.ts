/**
 * Authentication and access (product rules §1, §2, §7, §8): each way a key can
 * be wrong is a 401 with its own message, business status and plan are 403, every response carries
 * a request id, and authenticated responses carry the rate-limit headers.
 */
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { pool, db } from "@/server/db/client";
import { generateApiKey, hashApiKey } from "@/server/crypto/api-keys";
import { createApiKey } from "@/server/keys/create-api-key";
import { revokeApiKey } from "@/server/keys/revoke-api-key";
import { rollApiKey } from "@/server/keys/roll-api-key";
import { setBusinessStatus } from "@/server/businesses/set-business-status";
import { AppError } from "@/server/errors";
import { api, type ApiResponse } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { appEnv } from "../support/env";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { waitFor } from "../support/wait-for";

const ctx = () => systemContext("auth-test");
const verify = (key: string | undefined, extra: { headers?: Record<string, string>; baseUrl?: string } = {}) =>
  api("POST", "/verify/citizen", { key, body: { nationalId: uniqueNationalId() }, ...extra });

/** A 401/403 body: the standard shape, the request id, and nothing else. */
function expectError(res: ApiResponse, status: number, code: string, message: string | RegExp) {
  expect(res.status).toBe(status);
  expect(res.body).toMatchObject({ status: "failed", code });
  if (typeof message === "string") expect(res.body.message).toBe(message);
  else expect(res.body.message).toMatch(message);
  expect(Object.keys(res.body).sort()).toEqual(["code", "message", "requestId", "status"]);
  expect(res.body.requestId).toBe(res.headers.get("x-request-id"));
}

/** A verify sent with its own Host header, which fetch does not let a caller set. */
function postWithHost(baseUrl: string, host: string, key: string, headers: Record<string, string> = {}) {
  const body = JSON.stringify({ nationalId: uniqueNationalId() });
  return new Promise<{ status: number; body: { message?: string } }>((resolve, reject) => {
    const req = http.request(
      `${baseUrl}/api/v1/verify/citizen`,
      { method: "POST", headers: { ...headers, host, authorization: `Bearer ${key}`, "content-type": "application/json", "content-length": Buffer.byteLength(body) } },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => (text += chunk.toString()));
        res.on("end", () => resolve({ status: res.statusCode!, body: JSON.parse(text) }));
      },
    );
    req.on("error", reject);
    req.end(body);
  });
}

/** Altering one base62 character of the secret (not the checksum) keeps the format but breaks the checksum. */
function typo(key: string): string {
  const i = "hubi_test_".length + 5;
  const ch = key[i] === "A" ? "B" : "A";
  return key.slice(0, i) + ch + key.slice(i + 1);
}

describe("401 UNAUTHORIZED, one message per cause", () => {
  it("missing key", async () => {
    const res = await verify(undefined);
    expectError(res, 401, "UNAUTHORIZED", "Missing API key. Send it as 'Authorization: Bearer <API_KEY>'.");
  });

  it.each([["Basic dXNlcjpwYXNz"], ["Bearer"], ["Token hubi_test_abc"], ["Bearer a b"]])("malformed header %j", async (authorization) => {
    const res = await verify(undefined, { headers: { authorization } });
    expectError(res, 401, "UNAUTHORIZED", "Malformed Authorization header. Use 'Authorization: Bearer <API_KEY>'.");
  });

  const invalidFormat = "Invalid API key. Keys look like hubi_test_… or hubi_live_…; copy yours from the portal.";

  it.each([["sk_live_1234567890"], ["hubi_prod_" + "a".repeat(49)], ["hubi_test_short"], ["hubi_test_" + "a".repeat(48) + "-"]])(
    "invalid format %j",
    async (key) => {
      const res = await verify(key);
      expectError(res, 401, "UNAUTHORIZED", invalidFormat);
      expect(res.body.message).not.toContain(key);
    },
  );

  it("valid format but a one-character typo fails the checksum", async () => {
    const { testKey } = await createTestBusiness();
    const res = await verify(typo(testKey));
    expectError(res, 401, "UNAUTHORIZED", invalidFormat);
  });

  it("well-formed key that does not exist", async () => {
    const res = await verify(generateApiKey("test"));
    expectError(res, 401, "UNAUTHORIZED", "Invalid API key. It may have been deleted or mistyped; copy yours from the portal.");
  });

  it("checks the key before the body: a bad key with a bad body is a 401, not a 400", async () => {
    const res = await api("POST", "/verify/citizen", { key: generateApiKey("test"), body: { nationalId: "12" } });
    expectError(res, 401, "UNAUTHORIZED", "Invalid API key. It may have been deleted or mistyped; copy yours from the portal.");
    const { testKey } = await createTestBusiness();
    expect((await api("POST", "/verify/citizen", { key: testKey, body: { nationalId: "12" } })).status).toBe(400);
  });

  it("revoked key: works before, 401 right after revocation", async () => {
    const { businessId } = await createTestBusiness();
    const created = await createApiKey(ctx(), { businessId, mode: "test" });
    expect((await verify(created.key)).status).toBe(200);
    await revokeApiKey(ctx(), { keyId: created.id });
    const res = await verify(created.key);
    expectError(res, 401, "UNAUTHORIZED", "This API key has been revoked.");
    expect(JSON.stringify(res.body)).not.toContain(businessId);
  });

  it("expired key", async () => {
    const { businessId } = await createTestBusiness();
    const created = await createApiKey(ctx(), { businessId, mode: "test", expiresInDays: 30 });
    expect((await verify(created.key)).status).toBe(200);
    await pool().query("UPDATE api_key SET expires_at = now() - interval '1 second' WHERE hash = $1", [hashApiKey(created.key)]);
    const res = await verify(created.key);
    expectError(res, 401, "UNAUTHORIZED", "This API key has expired. Create or roll a key in the portal.");
  });

  it("rolling a key: the new key works at once; the old one keeps working for 24 h or stops now", async () => {
    const { businessId } = await createTestBusiness();
    const later = await createApiKey(ctx(), { businessId, mode: "test" });
    const now = await createApiKey(ctx(), { businessId, mode: "test" });
    const rolledLater = await rollApiKey(ctx(), { keyId: later.id, oldKeyExpires: "in_24h" });
    const rolledNow = await rollApiKey(ctx(), { keyId: now.id, oldKeyExpires: "now" });
    expect((await verify(rolledLater.key)).status).toBe(200);
    expect((await verify(rolledNow.key)).status).toBe(200);
    expect((await verify(later.key)).status).toBe(200);
    expectError(await verify(now.key), 401, "UNAUTHORIZED", "This API key has expired. Create or roll a key in the portal.");
  });

  it("rolling a key keeps its lifetime and never lets the old one outlive its expiry", async () => {
    const { businessId } = await createTestBusiness();
    const ending = await createApiKey(ctx(), { businessId, mode: "test", expiresInDays: 30 });
    // Its last hour, 30 days after it was made.
    await pool().query("UPDATE api_key SET created_at = created_at - interval '30 days' + interval '1 hour', expires_at = expires_at - interval '30 days' + interval '1 hour' WHERE id = $1", [ending.id]);
    const rolled = await rollApiKey(ctx(), { keyId: ending.id, oldKeyExpires: "in_24h" });
    const expiry = async (id: string) => (await pool().query<{ at: Date }>("SELECT expires_at AS at FROM api_key WHERE id = $1", [id])).rows[0]!.at.getTime();
    expect(await expiry(ending.id)).toBeLessThanOrEqual(Date.now() + 3_600_000);
    const days = (await expiry(rolled.id) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
  });

  it("records lastUsedAt for a used key", async () => {
    const { businessId } = await createTestBusiness();
    const created = await createApiKey(ctx(), { businessId, mode: "test" });
    expect((await db().apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt).toBeNull();
    expect((await verify(created.key)).status).toBe(200);
    // Written off the request's path (not awaited by it): waited for.
    const lastUsedAt = await waitFor("the key's lastUsedAt", async () => (await db().apiKey.findUniqueOrThrow({ where: { id: created.id } })).lastUsedAt);
    expect(Math.abs(Date.now() - lastUsedAt.getTime())).toBeLessThan(60_000);
  });

  it("accepts the scheme in any case and surrounding spaces", async () => {
    const { testKey } = await createTestBusiness();
    expect((await verify(undefined, { headers: { authorization: `bearer   ${testKey} ` } })).status).toBe(200);
  });

  it("a rejected key records no verification", async () => {
    const { businessId } = await createTestBusiness();
    const created = await createApiKey(ctx(), { businessId, mode: "test" });
    await revokeApiKey(ctx(), { keyId: created.id });
    await verify(created.key);
    expect(await db().verification.count({ where: { businessId } })).toBe(0);
  });
});

describe("403 FORBIDDEN for the business's status and plan", () => {
  it("a suspended business gets 403 on test and live keys; reactivation restores access", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    await setBusinessStatus(ctx(), { businessId: biz.businessId, status: "suspended", reason: "test" });
    for (const key of [biz.testKey, biz.liveKey!]) {
      expectError(await verify(key), 403, "FORBIDDEN", "This business account is suspended. Contact Hubi support.");
      expectError(await api("GET", "/verifications", { key }), 403, "FORBIDDEN", /suspended/);
    }
    await setBusinessStatus(ctx(), { businessId: biz.businessId, status: "active" });
    expect((await verify(biz.testKey)).status).toBe(200);
  });

  it("test keys work on the starter plan (no live access needed)", async () => {
    const biz = await createTestBusiness({ plan: "starter" });
    expect((await db().business.findUniqueOrThrow({ where: { id: biz.businessId } })).plan).toBe("starter");
    expect((await verify(biz.testKey)).status).toBe(200);
  });

  it("a live key of a business moved off the enterprise plan gets 403; its test key still works", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    expect((await verify(biz.liveKey)).status).toBe(200);
    await db().business.update({ where: { id: biz.businessId }, data: { plan: "starter" } });
    expectError(await verify(biz.liveKey), 403, "FORBIDDEN", "Live API access requires the enterprise plan.");
    expect((await verify(biz.testKey)).status).toBe(200);
  });

  it("a live key cannot be created without approved live access", async () => {
    const { businessId } = await createTestBusiness({ plan: "enterprise" });
    const attempt = createApiKey(ctx(), { businessId, mode: "live" });
    await expect(attempt).rejects.toBeInstanceOf(AppError);
    await expect(attempt).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await db().apiKey.count({ where: { businessId, mode: "live" } })).toBe(0);
  });
});

describe("request ids and rate-limit headers", () => {
  it("every response carries X-Request-Id; error bodies repeat it as requestId", async () => {
    const { testKey } = await createTestBusiness();
    const responses = await Promise.all([
      verify(testKey), // 200
      api("GET", "/verifications", { key: testKey }), // 200
      verify(undefined), // 401
      api("POST", "/verify/citizen", { key: testKey, body: { nationalId: "1" } }), // 400
      api("GET", "/verifications/00000000-0000-4000-8000-000000000000", { key: testKey }), // 404
      api("GET", "/no-such-endpoint", { key: testKey }), // 404 unknown path
      api("GET", "", { key: testKey }), // 404 the bare /api/v1
      api("DELETE", "/verify/citizen", { key: testKey }), // 405
    ]);
    expect(responses.map((r) => r.status)).toEqual([200, 200, 401, 400, 404, 404, 404, 405]);
    const ids = responses.map((r) => r.headers.get("x-request-id"));
    for (const id of ids) expect(id).toMatch(/^req_\S+$/);
    expect(new Set(ids).size).toBe(ids.length);
    for (const res of responses.filter((r) => r.status >= 400)) {
      expect(res.body.requestId).toBe(res.headers.get("x-request-id"));
    }
  });

  it("authenticated responses carry RateLimit-Limit, -Remaining and -Reset; unauthenticated ones do not count", async () => {
    const { testKey } = await createTestBusiness();
    const first = await verify(testKey);
    const second = await api("POST", "/verify/citizen", { key: testKey, body: { nationalId: "x" } }); // 400 still counts
    const list = await api("GET", "/verifications", { key: testKey });
    for (const res of [first, second, list]) {
      expect(res.headers.get("ratelimit-limit")).toBe("60");
      expect(Number(res.headers.get("ratelimit-reset"))).toBeGreaterThanOrEqual(0);
      expect(Number(res.headers.get("ratelimit-reset"))).toBeLessThanOrEqual(60);
    }
    expect(first.headers.get("ratelimit-remaining")).toBe("59");
    expect(second.headers.get("ratelimit-remaining")).toBe("58");
    expect(list.headers.get("ratelimit-remaining")).toBe("59");
    expect((await verify(undefined)).headers.get("ratelimit-limit")).toBeNull();
  });
});

describe("environment hosts (product rules §1): keys work only on their own environment's host", () => {
  let app: RunningApp;
  let direct: RunningApp;
  beforeAll(async () => {
    const hosts = { ...appEnv(process.env.DATABASE_URL!), PUBLIC_BASE_URL: "http://api.hubi.test", SANDBOX_BASE_URL: "http://sandbox.hubi.test" };
    // Behind a proxy of ours, which says which host the client asked for; and facing clients itself.
    [app, direct] = await Promise.all([
      startApp({ name: "auth-hosts", env: { ...hosts, TRUSTED_PROXY_HOPS: "1" } }),
      startApp({ name: "auth-hosts-direct", env: { ...hosts, TRUSTED_PROXY_HOPS: "0" } }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([app?.stop(), direct?.stop()]);
  });

  const onHost = (key: string, host: string) => verify(key, { baseUrl: app.url, headers: { "x-forwarded-host": host } });

  it("a test key works on the sandbox host and gets 401 naming the sandbox on the production host", async () => {
    const { testKey } = await createTestBusiness();
    expect((await onHost(testKey, "sandbox.hubi.test")).status).toBe(200);
    expectError(
      await onHost(testKey, "api.hubi.test"),
      401,
      "UNAUTHORIZED",
      "This is a test key; it belongs to the sandbox environment at http://sandbox.hubi.test.",
    );
  });

  it("without a proxy in front, goes by the Host header and not by a client's X-Forwarded-Host", async () => {
    const { testKey } = await createTestBusiness();
    const res = await postWithHost(direct.url, "api.hubi.test", testKey, { "x-forwarded-host": "sandbox.hubi.test" });
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("This is a test key; it belongs to the sandbox environment at http://sandbox.hubi.test.");
    expect((await postWithHost(direct.url, "sandbox.hubi.test", testKey)).status).toBe(200);
  });

  it("a live key works on the production host and gets 401 naming production on the sandbox host", async () => {
    const { liveKey } = await createTestBusiness({ live: true, credits: 5 });
    expect((await onHost(liveKey!, "api.hubi.test")).status).toBe(200);
    expectError(
      await onHost(liveKey!, "sandbox.hubi.test"),
      401,
      "UNAUTHORIZED",
      "This is a live key; it belongs to the production environment at http://api.hubi.test.",
    );
  });
});
