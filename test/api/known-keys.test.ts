/**
 * A live key the app has already seen (src/server/access/key-check-sql.ts): its next verify sends
 * no statement for the key and is checked and counted inside its admission instead. Every rule
 * of the way in must still hold on that path, judged on what the database says now: a key revoked,
 * a business suspended, an allowlist narrowed, a limit reached or a business setting changed a
 * moment ago. Each test's first verify is what makes the app know the key.
 */
import { randomUUID } from "node:crypto";
import { beforeEach, describe, expect, it } from "vitest";
import { CONSENT_REQUIRED_MESSAGE } from "@/contracts/verifications";
import { ADDRESS_NOT_ALLOWED_MESSAGE } from "@/contracts/ip-allowlist";
import { db, pool } from "@/server/db/client";
import { revokeApiKey } from "@/server/keys/revoke-api-key";
import { createApiKey } from "@/server/keys/create-api-key";
import { READ_ONLY_VERIFY_MESSAGE } from "@/contracts/api-key-scopes";
import { api } from "../support/api";
import { memberContext } from "../support/contexts";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";
import { balanceOf, verificationCount } from "../support/queries";
import { SLOW_IDS } from "../support/env";
import { waitFor } from "../support/wait-for";

const CREDITS = 10;
let biz: TestBusiness;

const verify = (body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  api("POST", "/verify/citizen", { key: biz.liveKey!, body: { nationalId: uniqueNationalId(), ...body }, headers });

const revoke = () => db().apiKey.updateMany({ where: { businessId: biz.businessId, mode: "live" }, data: { revokedAt: new Date() } });

const business = (data: Parameters<ReturnType<typeof db>["business"]["update"]>[0]["data"]) =>
  db().business.update({ where: { id: biz.businessId }, data });

/** The refused request charged and recorded nothing: only the first verify's credit and row. */
async function expectNothingMoreThanTheFirst() {
  expect(await balanceOf(biz.businessId)).toBe(CREDITS - 1);
  expect(await verificationCount(biz.businessId, "live")).toBe(1);
}

beforeEach(async () => {
  biz = await createTestBusiness({ live: true, credits: CREDITS, rateLimitPerMinute: 3 });
  const first = await verify();
  expect(first.status).toBe(200);
  expect(first.headers.get("ratelimit-remaining")).toBe("2");
});

describe("a live key the app has seen", () => {
  it("is counted on every verify: the limit's headers go down and the request past it is 429, uncharged", async () => {
    const second = await verify();
    expect(second.status).toBe(200);
    expect(second.headers.get("ratelimit-remaining")).toBe("1");
    expect((await verify()).status).toBe(200);
    const over = await verify();
    expect(over.status).toBe(429);
    expect(over.body.code).toBe("RATE_LIMITED");
    expect(Number(over.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(over.headers.get("ratelimit-remaining")).toBe("0");
    expect(await balanceOf(biz.businessId)).toBe(CREDITS - 3);
  });

  it("is refused the moment it is revoked: 401, nothing charged or recorded", async () => {
    const key = await db().apiKey.findFirstOrThrow({ where: { businessId: biz.businessId, mode: "live" } });
    await revokeApiKey(memberContext(biz), { keyId: key.id });
    const res = await verify();
    expect(res.status).toBe(401);
    expect(res.body.message).toBe("This API key has been revoked.");
    expect(res.headers.get("ratelimit-remaining")).toBeNull();
    await expectNothingMoreThanTheFirst();
  });

  it("is refused a query parameter, which verify takes none of: 400 naming it, counted, uncharged", async () => {
    const res = await api("POST", "/verify/citizen?dryRun=true", { key: biz.liveKey!, body: { nationalId: uniqueNationalId() } });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: "dryRun", message: "Unknown field 'dryRun'" }]);
    expect(res.headers.get("ratelimit-remaining")).toBe("1");
    await expectNothingMoreThanTheFirst();
  });

  it("is refused once it has expired: 401", async () => {
    await db().apiKey.updateMany({ where: { businessId: biz.businessId, mode: "live" }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const res = await verify();
    expect(res.status).toBe(401);
    expect(res.body.message).toMatch(/expired/);
    await expectNothingMoreThanTheFirst();
  });

  it("is a read-only key remembered from a read, and still may not verify: 403", async () => {
    const { key } = await createApiKey(memberContext(biz), { businessId: biz.businessId, mode: "live", scope: "read_only" });
    expect((await api("GET", "/verifications", { key })).status).toBe(200);
    const res = await api("POST", "/verify/citizen", { key, body: { nationalId: uniqueNationalId() } });
    expect(res.status).toBe(403);
    expect(res.body.message).toBe(READ_ONLY_VERIFY_MESSAGE);
    // The live list cost its credit; the refused verify nothing.
    expect(await balanceOf(biz.businessId)).toBe(CREDITS - 2);
    expect(await verificationCount(biz.businessId, "live")).toBe(1);
  });

  it("is refused the moment its business is suspended, or from an address its allowlist now leaves out: 403", async () => {
    await db().apiKey.updateMany({ where: { businessId: biz.businessId, mode: "live" }, data: { allowedIps: ["203.0.113.0/24"] } });
    const outside = await verify({}, { "x-forwarded-for": "198.51.100.7" });
    expect(outside.status).toBe(403);
    expect(outside.body.message).toBe(ADDRESS_NOT_ALLOWED_MESSAGE);
    await business({ status: "suspended" });
    const suspended = await verify({}, { "x-forwarded-for": "203.0.113.9" });
    expect(suspended.status).toBe(403);
    expect(suspended.body.message).toMatch(/suspended/);
    await expectNothingMoreThanTheFirst();
  });

  it("meets the consent rule switched on a moment ago: 400 without consent, uncharged; 200 with it", async () => {
    await business({ requireLiveConsent: true });
    const without = await verify();
    expect(without.status).toBe(400);
    expect(without.body.errors).toEqual([{ field: "consent", message: CONSENT_REQUIRED_MESSAGE }]);
    await expectNothingMoreThanTheFirst();
    const withConsent = await verify({ consent: { obtainedAt: new Date().toISOString(), method: "electronic" } });
    expect(withConsent.status).toBe(200);
  });

  it("answers with the consent rule switched off a moment ago, though the app last saw it on", async () => {
    await business({ requireLiveConsent: true });
    expect((await verify()).status).toBe(400);
    await business({ requireLiveConsent: false });
    expect((await verify()).status).toBe(200);
  });

  it("answers a slow lookup with 202 as soon as its business switches that on", async () => {
    await business({ answerPendingWith202: true });
    // Answered at 5 s, well past the 1.5 s a 202 waits: on a loaded machine the app's timers run
    // late, and the 2.5 s lookup was answered first (a 200) once.
    const res = await verify({ nationalId: SLOW_IDS.hung });
    expect(res.status).toBe(202);
    expect(res.body.data.result).toBe("pending");
  });

  it("has an invalid request counted, and refused for its key first once the key is revoked", async () => {
    const invalid = await verify({ nationalId: "123" });
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get("ratelimit-remaining")).toBe("1");
    const badHeader = await verify({}, { "idempotency-key": "x".repeat(300) });
    expect(badHeader.status).toBe(400);
    expect(badHeader.headers.get("ratelimit-remaining")).toBe("0");
    await revoke();
    expect((await verify({ nationalId: "123" })).status).toBe(401);
    expect((await verify({}, { "idempotency-key": "x".repeat(300) })).status).toBe(401);
  });

  it("keeps the limit's headers on an answer after the admission: 402 once the credits run out", async () => {
    await db().creditBucket.updateMany({ where: { businessId: biz.businessId }, data: { balance: 0 } });
    const res = await verify();
    expect(res.status).toBe(402);
    expect(res.headers.get("ratelimit-remaining")).toBe("1");
  });

  it.each([
    ["a valid body (refused by the admission)", {}],
    ["an invalid body (refused by the usual check)", { nationalId: "123" }],
  ])("names no one in the request log once its key is refused, with %s", async (_, body) => {
    await revoke();
    const refused = await verify(body);
    expect(refused.status).toBe(401);
    // The log is written in order: once a later request of the business is in it, the refused one would be too.
    const later = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId: uniqueNationalId() } });
    const logged = (res: { headers: Headers }) =>
      pool().query("SELECT 1 FROM request_log_entry WHERE request_id = $1", [res.headers.get("x-request-id")]).then((r) => r.rows.length > 0);
    await waitFor("the later request's log entry", () => logged(later));
    expect(await logged(refused)).toBe(false);
  });
});

describe("a live key the app has seen, with an Idempotency-Key", () => {
  const keyed = (body: Record<string, unknown>, key: string) => verify(body, { "idempotency-key": key });

  it("leaves no claim when refused, so the same key and body work once the cause is gone", async () => {
    const key = `known-${randomUUID()}`;
    const body = { nationalId: uniqueNationalId() };
    await business({ requireLiveConsent: true });
    expect((await keyed(body, key)).status).toBe(400);
    await business({ requireLiveConsent: false });
    const done = await keyed(body, key);
    expect(done.status).toBe(200);
    expect(done.headers.get("idempotent-replayed")).toBeNull();
    expect(await balanceOf(biz.businessId)).toBe(CREDITS - 2);
  });

  it("replays nothing to the key once it is revoked: 401, no citizen details", async () => {
    const key = `known-${randomUUID()}`;
    const body = { nationalId: uniqueNationalId() };
    expect((await keyed(body, key)).status).toBe(200);
    await revoke();
    const again = await keyed(body, key);
    expect(again.status).toBe(401);
    expect(again.body).not.toHaveProperty("citizen");
  });
});
