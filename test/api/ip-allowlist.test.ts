/**
 * Per-key IP allowlists (product rules §17): a key with an allowlist works only from the addresses
 * and ranges on it, judged on the client address the deployment's proxy setting determines (the
 * test app trusts one proxy hop, so the right-most X-Forwarded-For entry is the client). A refused
 * request is 403, records nothing and is not counted against the rate limit.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { db } from "@/server/db/client";
import { ADDRESS_NOT_ALLOWED_MESSAGE } from "@/contracts/ip-allowlist";
import { createApiKey } from "@/server/keys/create-api-key";
import { updateApiKey } from "@/server/keys/update-api-key";
import { rollApiKey } from "@/server/keys/roll-api-key";
import { revokeApiKey } from "@/server/keys/revoke-api-key";
import { api } from "../support/api";
import { memberContext } from "../support/contexts";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";

const ALLOWLIST = ["203.0.113.0/24", "2001:db8::/32", "198.51.100.7"];

const verifyFrom = (key: string, forwardedFor?: string) =>
  api("POST", "/verify/citizen", {
    key,
    body: { nationalId: uniqueNationalId() },
    headers: forwardedFor ? { "x-forwarded-for": forwardedFor } : {},
  });

let biz: TestBusiness;
let keyId: string;
let key: string;

beforeAll(async () => {
  biz = await createTestBusiness();
  const created = await createApiKey(memberContext(biz), { businessId: biz.businessId, mode: "test", name: "Office", allowedIps: ALLOWLIST });
  ({ id: keyId, key } = created);
  expect(created.allowedIps).toEqual(ALLOWLIST);
});

describe("a key with an allowlist", () => {
  it.each([
    ["203.0.113.0", "first address of an IPv4 range"],
    ["203.0.113.255", "last address of an IPv4 range"],
    ["198.51.100.7", "a single IPv4 address"],
    ["::ffff:198.51.100.7", "an IPv4 client seen on a dual-stack socket"],
    ["2001:db8::", "first address of an IPv6 range"],
    ["2001:db8:ffff:ffff:ffff:ffff:ffff:ffff", "last address of an IPv6 range"],
    ["2001:DB8:0:0:0:0:0:42", "an IPv6 address however it is written"],
  ])("works from %s (%s)", async (address) => {
    const res = await verifyFrom(key, address);
    expect(res.status).toBe(200);
  });

  it.each([
    ["203.0.112.255", "just below an IPv4 range"],
    ["203.0.114.0", "just above an IPv4 range"],
    ["198.51.100.8", "next to a single address"],
    ["2001:db7:ffff:ffff:ffff:ffff:ffff:ffff", "just below an IPv6 range"],
    ["2001:db9::", "just above an IPv6 range"],
    ["::ffff:203.0.114.1", "a mapped IPv4 address outside the ranges"],
    ["not-an-address", "an address that cannot be read"],
  ])("is 403 from %s (%s), recording nothing", async (address) => {
    const before = await db().verification.count({ where: { businessId: biz.businessId } });
    const res = await verifyFrom(key, address);
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ status: "failed", code: "FORBIDDEN", message: ADDRESS_NOT_ALLOWED_MESSAGE });
    expect(res.headers.get("ratelimit-remaining")).toBeNull();
    expect(await db().verification.count({ where: { businessId: biz.businessId } })).toBe(before);
  });

  it("believes only the entry our own proxy added: a client naming an allowed address first gets nowhere", async () => {
    expect((await verifyFrom(key, "203.0.113.9, 192.0.2.200")).status).toBe(403);
    expect((await verifyFrom(key, "192.0.2.200, 203.0.113.9")).status).toBe(200);
  });

  it("is refused with no forwarded address at all (the TCP peer, this machine, is not on the list)", async () => {
    expect((await verifyFrom(key)).status).toBe(403);
  });

  it("applies to every endpoint, reads included", async () => {
    const list = (forwardedFor: string) => api("GET", "/verifications", { key, headers: { "x-forwarded-for": forwardedFor } });
    expect((await list("203.0.113.1")).status).toBe(200);
    expect((await list("192.0.2.1")).body.code).toBe("FORBIDDEN");
  });

  it("a key with no allowlist works from anywhere", async () => {
    expect((await verifyFrom(biz.testKey, "192.0.2.1")).status).toBe(200);
    expect((await verifyFrom(biz.testKey)).status).toBe(200);
  });
});

describe("editing a key", () => {
  it("changes its allowlist and name without re-issuing it, effective on the next request, each change audited once", async () => {
    const owner = await createTestBusiness();
    const { id, key: ownKey } = await createApiKey(memberContext(owner), { businessId: owner.businessId, mode: "test", name: "Server" });
    expect((await verifyFrom(ownKey, "192.0.2.50")).status).toBe(200);

    const updated = await updateApiKey(memberContext(owner), { keyId: id, name: "Server A", allowedIps: ["10.9.8.7/16", "10.9.0.0/16"] });
    expect(updated).toMatchObject({ name: "Server A", allowedIps: ["10.9.0.0/16"], changed: true });
    expect((await verifyFrom(ownKey, "192.0.2.50")).status).toBe(403);
    expect((await verifyFrom(ownKey, "10.9.255.1")).status).toBe(200);

    // The same values again (in another spelling) change and record nothing.
    expect((await updateApiKey(memberContext(owner), { keyId: id, allowedIps: ["10.9.1.1/16"] })).changed).toBe(false);
    const audit = await db().auditLogEntry.findMany({ where: { targetId: id, action: "api_key.updated" } });
    expect(audit.map((a) => a.metadata)).toEqual([
      expect.objectContaining({ nameFrom: "Server", nameTo: "Server A", allowedIpsFrom: "anywhere", allowedIpsTo: "10.9.0.0/16" }),
    ]);

    await updateApiKey(memberContext(owner), { keyId: id, allowedIps: [] });
    expect((await verifyFrom(ownKey, "192.0.2.50")).status).toBe(200);
  });

  it("refuses bad entries naming them, more than 50 entries, and keys that are no longer active", async () => {
    const owner = await createTestBusiness();
    const { id } = await createApiKey(memberContext(owner), { businessId: owner.businessId, mode: "test" });
    const bad = await updateApiKey(memberContext(owner), { keyId: id, allowedIps: ["10.0.0.1", "10.0.0.0/33"] }).catch((e: unknown) => e);
    expect(bad).toBeInstanceOf(ZodError);
    expect((bad as ZodError).issues).toEqual([expect.objectContaining({ path: ["allowedIps", 1], message: '"10.0.0.0/33" has a prefix length outside 0–32' })]);
    const many = Array.from({ length: 51 }, (_, i) => `10.${i}.0.0/16`);
    expect(await updateApiKey(memberContext(owner), { keyId: id, allowedIps: many }).catch((e: unknown) => e)).toBeInstanceOf(ZodError);
    expect((await db().apiKey.findUniqueOrThrow({ where: { id } })).allowedIps).toEqual([]);

    await revokeApiKey(memberContext(owner), { keyId: id });
    await expect(updateApiKey(memberContext(owner), { keyId: id, name: "Again" })).rejects.toThrow("no longer active");
  });

  it("a rolled key keeps its allowlist", async () => {
    const rolled = await rollApiKey(memberContext(biz), { keyId, oldKeyExpires: "in_24h" });
    expect(rolled.allowedIps).toEqual(ALLOWLIST);
    expect((await verifyFrom(rolled.key, "192.0.2.1")).status).toBe(403);
    expect((await verifyFrom(rolled.key, "203.0.113.1")).status).toBe(200);
  });
});
