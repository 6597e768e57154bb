/**
 * Exactly-once portal actions (product rules §22): the same form submission token, sent twice in
 * a row or twice at once, takes effect once and answers both times with the same result.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/_app";
import { loadPortalUser } from "@/server/trpc/context";
import { purgeOldSubmissions } from "@/server/submissions";
import { adminContext } from "../support/contexts";
import { createTestBusiness, type TestBusiness } from "../support/factories";
import { balanceOf, ledgerSum, verificationCount } from "../support/queries";
import { submission } from "../support/submission";
import { enrolTwoFactor } from "../support/two-factor";
import { startReceiver } from "../support/webhook-receiver";

const createCaller = createCallerFactory(appRouter);

async function callerFor(userId: string, mode: "test" | "live" = "test") {
  const user = await loadPortalUser(userId);
  return createCaller({ user, membership: user?.memberships[0], mode, requestId: `req_once_${randomUUID()}` });
}

const count = async (sql: string, params: unknown[]) => (await pool().query<{ n: number }>(sql, params)).rows[0]!.n;
const auditCount = (businessId: string, action: string) =>
  count("SELECT count(*)::int AS n FROM audit_log_entry WHERE business_id = $1 AND action = $2", [businessId, action]);

let admin: Awaited<ReturnType<typeof callerFor>>;
let biz: TestBusiness;
let owner: Awaited<ReturnType<typeof callerFor>>;

beforeAll(async () => {
  const ctx = await adminContext();
  const adminId = ctx.actor.type === "user" ? ctx.actor.userId : "";
  await enrolTwoFactor(adminId);
  admin = await callerFor(adminId);
  biz = await createTestBusiness({ live: true });
  owner = await callerFor(biz.userId);
});

describe("a repeated submission", () => {
  it("grants credits once, sequentially and concurrently, with the same answer each time", async () => {
    const token = submission();
    const grant = () => admin.admin.businesses.grantCredits({ businessId: biz.businessId, amount: 500, ...token });
    const first = await grant();
    expect(await grant()).toEqual(first);
    expect(await balanceOf(biz.businessId)).toBe(500);

    const concurrent = submission();
    const both = await Promise.all([0, 1].map(() => admin.admin.businesses.grantCredits({ businessId: biz.businessId, amount: 250, ...concurrent })));
    expect(both[0]).toEqual(both[1]);
    expect(await balanceOf(biz.businessId)).toBe(750);
    expect(await ledgerSum(biz.businessId)).toBe(750);
    expect(await auditCount(biz.businessId, "credits.granted")).toBe(2);
  });

  it("creates one API key and shows the same key again", async () => {
    const token = submission();
    const [a, b] = await Promise.all([0, 1].map(() => owner.keys.create({ name: "Once", expiresInDays: null, ...token })));
    expect(b).toEqual(a);
    expect(await count("SELECT count(*)::int AS n FROM api_key WHERE business_id = $1 AND name = 'Once'", [biz.businessId])).toBe(1);
    const rolled = submission();
    const r1 = await owner.keys.roll({ keyId: a!.id, oldKeyExpires: "in_24h", ...rolled });
    expect(await owner.keys.roll({ keyId: a!.id, oldKeyExpires: "in_24h", ...rolled })).toEqual(r1);
    expect(await count("SELECT count(*)::int AS n FROM api_key WHERE business_id = $1 AND name = 'Once'", [biz.businessId])).toBe(2);
  });

  it("creates one invitation", async () => {
    const token = submission();
    const [a, b] = await Promise.all([0, 1].map(() => owner.team.invite({ role: "developer", ...token })));
    expect(b!.token).toBe(a!.token);
    expect(await count("SELECT count(*)::int AS n FROM invitation WHERE business_id = $1", [biz.businessId])).toBe(1);
  });

  it("sends one test event", async () => {
    const receiver = await startReceiver();
    try {
      await owner.webhooks.setUrl({ url: receiver.url, ...submission() });
      const token = submission();
      const [a, b] = await Promise.all([owner.webhooks.sendTest(token), owner.webhooks.sendTest(token)]);
      expect(b!.id).toBe(a!.id);
      expect(await count("SELECT count(*)::int AS n FROM outbox_event WHERE business_id = $1 AND type = 'webhook_test'", [biz.businessId])).toBe(1);
    } finally {
      await receiver.close();
    }
  });

  it("verifies and charges once in live mode", async () => {
    const live = await callerFor(biz.userId, "live");
    const before = await balanceOf(biz.businessId);
    const token = submission();
    const first = await live.verifications.verify({ nationalId: "11111111111", ...token });
    const again = await live.verifications.verify({ nationalId: "11111111111", ...token });
    expect(again.data.id).toBe(first.data.id);
    expect(await verificationCount(biz.businessId, "live")).toBe(1);
    expect(await balanceOf(biz.businessId)).toBe(before - 1);
  });
});

describe("tokens", () => {
  it("are required by actions that create or move something", async () => {
    await expect(owner.team.invite({ role: "viewer" } as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(owner.webhooks.sendTest({} as never)).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });

  it("cannot be reused for another action", async () => {
    const token = submission();
    await owner.team.invite({ role: "viewer", ...token });
    await expect(owner.keys.create({ name: "Other", expiresInDays: null, ...token })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("answer a repeat only in the business they were used in", async () => {
    const first = await createTestBusiness();
    const second = await createTestBusiness();
    await pool().query("INSERT INTO membership (user_id, business_id, role) VALUES ($1, $2, 'owner')", [first.userId, second.businessId]);
    const user = await loadPortalUser(first.userId);
    const inBusiness = (businessId: string) =>
      createCaller({ user, membership: user?.memberships.find((m) => m.businessId === businessId), mode: "test", requestId: `req_once_${randomUUID()}` });
    const token = submission();
    await inBusiness(first.businessId).keys.create({ name: "Scoped", expiresInDays: null, ...token });
    await expect(inBusiness(second.businessId).keys.create({ name: "Scoped", expiresInDays: null, ...token })).rejects.toMatchObject({ code: "CONFLICT" });
    expect(await count("SELECT count(*)::int AS n FROM api_key WHERE name = 'Scoped' AND business_id = ANY($1::uuid[])", [[first.businessId, second.businessId]])).toBe(1);
  });

  it("are kept only when the action succeeded, so a failed one can be retried", async () => {
    const other = await createTestBusiness();
    const token = submission();
    const live = await callerFor(other.userId);
    await expect(live.keys.roll({ keyId: randomUUID(), oldKeyExpires: "now", ...token })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(admin.admin.businesses.grantCredits({ businessId: randomUUID(), amount: 5, ...token })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await count("SELECT count(*)::int AS n FROM form_submission WHERE token = $1", [token.submissionId])).toBe(0);
    await admin.admin.businesses.grantCredits({ businessId: other.businessId, amount: 5, ...token });
    expect(await balanceOf(other.businessId)).toBe(5);
  });

  it("are forgotten after a day", async () => {
    const token = submission();
    await owner.team.invite({ role: "viewer", ...token });
    await pool().query("UPDATE form_submission SET created_at = now() - interval '25 hours' WHERE token = $1", [token.submissionId]);
    expect(await purgeOldSubmissions()).toBeGreaterThanOrEqual(1);
    expect(await count("SELECT count(*)::int AS n FROM form_submission WHERE token = $1", [token.submissionId])).toBe(0);
  });
});
