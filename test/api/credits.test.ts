/**
 * Credits (product rules §5): live calls cost 1 on verify and list, retrieve is free; the sandbox,
 * failures and replays cost nothing; the balance never goes below zero under concurrency; every
 * change is a ledger entry; credits_low and credits_exhausted fire exactly when they should.
 */
import { describe, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { db, pool } from "@/server/db/client";
import { grantCredits } from "@/server/credits/grant-credits";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { balanceOf, blockedBy, ledgerSum, outboxTypes, verificationCount } from "../support/queries";
import { waitFor } from "../support/wait-for";

const EXHAUSTED = "Your credit balance is exhausted. Top up in the portal.";
const verify = (key: string, body: unknown = { nationalId: uniqueNationalId() }) => api("POST", "/verify/citizen", { key, body });

async function usageEntries(businessId: string) {
  const { rows } = await pool().query<{ amount: number; balance_after: number; verification_id: string | null; note: string }>(
    "SELECT amount, balance_after, verification_id, note FROM credit_ledger_entry WHERE business_id = $1 AND kind = 'usage' ORDER BY id",
    [businessId],
  );
  return rows;
}

async function creditEvents(businessId: string) {
  const { rows } = await pool().query<{ type: string; payload: { data: { balance: number; threshold: number } } }>(
    "SELECT type, payload FROM outbox_event WHERE business_id = $1 AND type IN ('credits_low', 'credits_exhausted') ORDER BY created_at, id",
    [businessId],
  );
  return rows;
}

describe("what costs a credit", () => {
  it("a live verify costs 1 and writes a usage ledger entry linked to the verification", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const res = await verify(biz.liveKey!);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ creditDeducted: true, data: { creditsUsed: 1 } });
    expect(await balanceOf(biz.businessId)).toBe(4);
    expect(await usageEntries(biz.businessId)).toEqual([
      { amount: -1, balance_after: 4, verification_id: res.body.data.id, note: "Verification" },
    ]);
    expect(await ledgerSum(biz.businessId)).toBe(4);
  });

  it("the sandbox costs nothing, even with credits on the account", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const res = await verify(biz.testKey);
    expect(res.body).toMatchObject({ creditDeducted: false, data: { creditsUsed: 0 } });
    const list = await api("GET", "/verifications", { key: biz.testKey });
    const one = await api("GET", `/verifications/${res.body.data.id}`, { key: biz.testKey });
    expect([list.status, one.status]).toEqual([200, 200]);
    expect(await balanceOf(biz.businessId)).toBe(5);
    expect(await usageEntries(biz.businessId)).toEqual([]);
  });

  it("a sandbox business with no credits at all can verify, list and retrieve", async () => {
    const biz = await createTestBusiness();
    const res = await verify(biz.testKey);
    expect(res.status).toBe(200);
    expect((await api("GET", "/verifications", { key: biz.testKey })).status).toBe(200);
    expect((await api("GET", `/verifications/${res.body.data.id}`, { key: biz.testKey })).status).toBe(200);
  });

  it("a live list costs 1; retrieving one verification is free", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const made = await verify(biz.liveKey!);
    expect(await balanceOf(biz.businessId)).toBe(4);
    expect((await api("GET", "/verifications", { key: biz.liveKey })).status).toBe(200);
    expect(await balanceOf(biz.businessId)).toBe(3);
    expect((await api("GET", `/verifications/${made.body.data.id}`, { key: biz.liveKey })).status).toBe(200);
    expect(await balanceOf(biz.businessId)).toBe(3);
    expect((await usageEntries(biz.businessId)).map((e) => e.note)).toEqual(["Verification", "List verifications"]);
    expect(await ledgerSum(biz.businessId)).toBe(3);
  });

  it("failed live requests (400, 404, 405, unknown path) cost nothing", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const key = biz.liveKey!;
    const statuses = [
      (await verify(key, { nationalId: "123" })).status,
      (await api("POST", "/verify/citizen", { key, rawBody: "{", headers: { "content-type": "application/json" } })).status,
      (await api("GET", "/verifications?limit=101", { key })).status,
      (await api("GET", "/verifications/00000000-0000-4000-8000-000000000000", { key })).status,
      (await api("GET", "/verifications/not-a-uuid", { key })).status,
      (await api("PUT", "/verifications", { key })).status,
      (await api("GET", "/nothing-here", { key })).status,
    ];
    expect(statuses).toEqual([400, 400, 400, 404, 404, 405, 404]);
    expect(await balanceOf(biz.businessId)).toBe(5);
    expect(await usageEntries(biz.businessId)).toEqual([]);
  });
});

describe("an exhausted balance", () => {
  it("50 parallel live verifies on a balance of 10: exactly 10 succeed, 40 get 402, balance 0", async () => {
    const biz = await createTestBusiness({ live: true, credits: 10 });
    const responses = await Promise.all(Array.from({ length: 50 }, () => verify(biz.liveKey!)));
    const ok = responses.filter((r) => r.status === 200);
    const refused = responses.filter((r) => r.status === 402);
    expect(ok).toHaveLength(10);
    expect(refused).toHaveLength(40);
    for (const r of refused) {
      expect(r.body).toEqual({ status: "failed", code: "INSUFFICIENT_CREDITS", message: EXHAUSTED, requestId: r.headers.get("x-request-id") });
      expect(r.headers.get("ratelimit-limit")).toBe("60"); // an authenticated response like any other
    }
    expect(await balanceOf(biz.businessId)).toBe(0);
    expect(await ledgerSum(biz.businessId)).toBe(0);
    expect(await verificationCount(biz.businessId, "live")).toBe(10);
    // The charges' true balances after are 9, 8, ..., 0. A charge in the fast lane may not see up to
    // 7 others still in flight, so its "balance after" reads between its true value and 7 above it
    // (product rules §5); the charge that empties the balance takes the serial lane and reads 0.
    const after = (await usageEntries(biz.businessId)).map((e) => e.balance_after).sort((a, b) => a - b);
    expect(after.filter((value) => value === 0)).toHaveLength(1);
    after.forEach((value, trueRank) => {
      expect(value).toBeGreaterThanOrEqual(trueRank);
      expect(value).toBeLessThanOrEqual(trueRank + 7);
    });
    expect((await outboxTypes(biz.businessId)).filter((t) => t === "verification_completed")).toHaveLength(10);
  });

  it("at zero, a live list gets 402 too, retrieve still answers (free); the sandbox keeps working", async () => {
    const biz = await createTestBusiness({ live: true, credits: 1 });
    const made = await verify(biz.liveKey!);
    expect(made.status).toBe(200);
    const list = await api("GET", "/verifications", { key: biz.liveKey });
    expect(list.status).toBe(402);
    expect(list.body).toMatchObject({ code: "INSUFFICIENT_CREDITS", message: EXHAUSTED });
    expect((await api("GET", `/verifications/${made.body.data.id}`, { key: biz.liveKey })).status).toBe(200);
    expect((await verify(biz.testKey)).status).toBe(200);
    expect(await balanceOf(biz.businessId)).toBe(0);
  });

  it("the database refuses a negative balance", async () => {
    const biz = await createTestBusiness({ live: true, credits: 1 });
    await expect(pool().query("UPDATE credit_bucket SET balance = balance - 2 WHERE business_id = $1", [biz.businessId])).rejects.toThrow(
      /credit_bucket_balance_nonnegative/,
    );
    expect(await balanceOf(biz.businessId)).toBe(1);
  });
});

describe("credit events", () => {
  it("credits_low fires once when crossing the threshold, credits_exhausted at 0, and low re-arms after a top-up", async () => {
    const biz = await createTestBusiness({ live: true, credits: 8 });
    await db().business.update({ where: { id: biz.businessId }, data: { lowCreditThreshold: 5 } });
    for (let i = 0; i < 8; i++) expect((await verify(biz.liveKey!)).status).toBe(200);
    const events = await creditEvents(biz.businessId);
    expect(events.map((e) => [e.type, e.payload.data])).toEqual([
      ["credits_low", { balance: 4, threshold: 5 }],
      ["credits_exhausted", { balance: 0, threshold: 5 }],
    ]);
    // a 402 raises nothing more
    expect((await verify(biz.liveKey!)).status).toBe(402);
    expect(await creditEvents(biz.businessId)).toHaveLength(2);

    // top up above the threshold: the next crossing fires again
    await grantCredits(systemContext("credits-test"), { businessId: biz.businessId, amount: 6 });
    for (let i = 0; i < 2; i++) expect((await verify(biz.liveKey!)).status).toBe(200);
    expect((await creditEvents(biz.businessId)).map((e) => e.type)).toEqual(["credits_low", "credits_exhausted", "credits_low"]);
  });

  it("under concurrency each event fires exactly once", async () => {
    const biz = await createTestBusiness({ live: true, credits: 20 });
    await db().business.update({ where: { id: biz.businessId }, data: { lowCreditThreshold: 10 } });
    const responses = await Promise.all(Array.from({ length: 30 }, () => verify(biz.liveKey!)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(20);
    const events = await creditEvents(biz.businessId);
    expect(events.map((e) => e.type).sort()).toEqual(["credits_exhausted", "credits_low"]);
    expect(events.find((e) => e.type === "credits_low")!.payload.data).toEqual({ balance: 9, threshold: 10 });
  });

  it("a balance already below the threshold does not raise credits_low again", async () => {
    const biz = await createTestBusiness({ live: true, credits: 3 }); // default threshold 100
    for (let i = 0; i < 2; i++) await verify(biz.liveKey!);
    expect(await creditEvents(biz.businessId)).toEqual([]);
  });
});

describe("credits in buckets: one business's charges do not queue on one row", () => {
  /** A second connection holding a row lock on the business's funded buckets until `release`. */
  async function holdBuckets(businessId: string, howMany: number) {
    const client = await pool().connect();
    await client.query("BEGIN");
    await client.query(
      "SELECT slot FROM credit_bucket WHERE business_id = $1 AND balance > 0 ORDER BY slot LIMIT $2 FOR UPDATE",
      [businessId, howMany],
    );
    const { rows } = await client.query<{ pid: number }>("SELECT pg_backend_pid() AS pid");
    return {
      /** Whether a charge is waiting for the held buckets. */
      waitedFor: () => blockedBy(rows[0]!.pid),
      release: async () => {
        await client.query("COMMIT");
        client.release();
      },
    };
  }

  it("120 parallel live verifies on a balance of 80 (threshold 30): exactly 80 succeed, balance 0, ledger equal, each event once", async () => {
    const biz = await createTestBusiness({ live: true, credits: 80, rateLimitPerMinute: 1000 });
    await db().business.update({ where: { id: biz.businessId }, data: { lowCreditThreshold: 30 } });
    const responses = await Promise.all(Array.from({ length: 120 }, () => verify(biz.liveKey!)));
    expect(responses.filter((r) => r.status === 200)).toHaveLength(80);
    expect(responses.filter((r) => r.status === 402)).toHaveLength(40);
    expect(await balanceOf(biz.businessId)).toBe(0);
    expect(await ledgerSum(biz.businessId)).toBe(0);
    expect(await usageEntries(biz.businessId)).toHaveLength(80);
    expect(await verificationCount(biz.businessId, "live")).toBe(80);
    const events = await creditEvents(biz.businessId);
    expect(events.map((e) => [e.type, e.payload.data]).sort()).toEqual([
      ["credits_exhausted", { balance: 0, threshold: 30 }],
      ["credits_low", { balance: 29, threshold: 30 }],
    ]);
  });

  it("a verify takes another bucket while one is held by a charge still in flight", async () => {
    const biz = await createTestBusiness({ live: true, credits: 1000 });
    const held = await holdBuckets(biz.businessId, 1);
    try {
      expect((await verify(biz.liveKey!)).status).toBe(200);
    } finally {
      await held.release();
    }
    expect(await balanceOf(biz.businessId)).toBe(999);
  });

  it("a funded bucket held by another charge is waited for, never a false 402", async () => {
    const biz = await createTestBusiness({ live: true, credits: 1 }); // one credit: one funded bucket
    const held = await holdBuckets(biz.businessId, 1);
    const pending = verify(biz.liveKey!);
    try {
      await waitFor("the verify to wait for the held bucket", held.waitedFor);
    } finally {
      await held.release();
    }
    expect((await pending).status).toBe(200);
    expect(await balanceOf(biz.businessId)).toBe(0);
    expect((await creditEvents(biz.businessId)).map((e) => e.type)).toEqual(["credits_exhausted"]);
  });

  it("the building block takes up to N credits in one statement and says how many (a batch chunk)", async () => {
    const biz = await createTestBusiness({ live: true, credits: 30 });
    const take = async (n: number) =>
      (await pool().query<{ took: number; balance: number }>("SELECT took, balance FROM credit_take($1, $2)", [biz.businessId, n])).rows[0];
    expect(await take(25)).toEqual({ took: 25, balance: 5 });
    expect(await take(25)).toEqual({ took: 5, balance: 0 });
    expect(await take(25)).toEqual({ took: 0, balance: 0 });
  });
});
