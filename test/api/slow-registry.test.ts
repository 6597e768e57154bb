/**
 * The two answers to a slow national registry (product rules §21), through the real HTTP API. The
 * test app's live registry answers SLOW_IDS late (test/support/env.ts): 2.5 s (inside a plain
 * request's budget, past a `respond-async` one's), 5 s (past both), never. A lookup that outlasts
 * its budget goes on in the app, in the call its request made (a worker takes over only from a
 * process that died: test/services/pending-takeover.test.ts). Time promises are asserted by
 * structure (a late answer cannot come before its time) and with margins for a loaded machine.
 * What a verification shows while it is pending is tested where the gateway can hold a lookup for
 * as long as the test needs (test/api/registry-gateway.test.ts), not in a window of these delays.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { api } from "../support/api";
import { SLOW_IDS, SYNC_BUDGET_MS } from "../support/env";
import { createTestBusiness, type TestBusiness } from "../support/factories";
import { balanceOf, ledgerSum, verificationCount } from "../support/queries";
import { seedCitizens } from "../support/batches";
import { waitFor } from "../support/wait-for";
import { completed, completions } from "../support/pending";
import { grantCredits } from "@/server/credits/grant-credits";
import { systemContext } from "@/server/context";
import { refundOf } from "../support/held-refund";

const ASYNC = { prefer: "respond-async" };

const verify = (biz: TestBusiness, nationalId: string, headers: Record<string, string> = {}) =>
  api("POST", "/verify/citizen", { key: biz.liveKey!, body: { nationalId, purpose: "Account opening" }, headers });
const retrieve = (biz: TestBusiness, id: string) => api("GET", `/verifications/${id}`, { key: biz.liveKey! });

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; res: T }> {
  const started = performance.now();
  const res = await call();
  return { ms: performance.now() - started, res };
}

/** A business with 5 credits and a `respond-async` verify answered 202, whose lookup the registry never answers. */
async function pendingForever(): Promise<{ biz: TestBusiness; id: string }> {
  const biz = await createTestBusiness({ live: true, credits: 5 });
  const res = await verify(biz, SLOW_IDS.never, ASYNC);
  expect(res.status).toBe(202);
  return { biz, id: res.body.data.id };
}

beforeAll(async () => {
  await seedCitizens([{ nationalId: SLOW_IDS.slow }, { nationalId: SLOW_IDS.hung }]);
});

describe("a slow registry, for a caller that sends Prefer: respond-async", () => {
  it("ends unavailable when the registry never answers: credit refunded, verification_completed with that result", async () => {
    const { biz, id } = await pendingForever();
    const done = await completed({ key: biz.liveKey! }, id);
    expect(done.body).toMatchObject({ data: { result: "unavailable" }, citizen: null });
    expect(await completions({ key: biz.liveKey! }, id)).toEqual(["unavailable"]);
    expect(await balanceOf(biz.businessId)).toBe(5);
    expect(await ledgerSum(biz.businessId)).toBe(5);
    const { rows } = await pool().query("SELECT kind, amount FROM credit_ledger_entry WHERE business_id = $1 AND kind <> 'grant' ORDER BY id", [biz.businessId]);
    expect(rows).toEqual([{ kind: "usage", amount: -1 }, { kind: "refund", amount: 1 }]);
  }, 60_000);
});

describe("a pending verification whose credit the maintenance sweep already gave back", () => {
  it("ends unavailable all the same, without a second refund", async () => {
    const { biz, id } = await pendingForever();
    // As the sweep refunds the reservation of a verify that stalled for minutes before it recorded this.
    await pool().query(refundOf(biz.businessId, id, "Swept"));
    const done = await completed({ key: biz.liveKey! }, id);
    expect(done.body).toMatchObject({ data: { result: "unavailable" } });
    expect(await balanceOf(biz.businessId)).toBe(5);
    expect(await ledgerSum(biz.businessId)).toBe(5);
    const { rows } = await pool().query("SELECT kind, note FROM credit_ledger_entry WHERE business_id = $1 AND kind = 'refund'", [biz.businessId]);
    expect(rows).toEqual([{ kind: "refund", note: "Swept" }]);
  }, 60_000);
});

describe("a slow registry, for a request shaped as the specification shows", () => {
  it("waits for an answer inside the budget and answers 200 with the final result", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const { ms, res } = await timed(() => verify(biz, SLOW_IDS.slow));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { result: "verified" }, citizen: { fullName: "Hodan Warsame Farah" } });
    expect(ms).toBeGreaterThanOrEqual(2400); // it did wait for the slow answer
    expect(await balanceOf(biz.businessId)).toBe(4);
  }, 20_000);

  it("answers a free 503 past the budget; the retry under its key picks up the late result, one credit in all", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const key = { "idempotency-key": `hung-${biz.businessId}` };
    const { ms, res } = await timed(() => verify(biz, SLOW_IDS.hung, key));
    expect(res.status).toBe(503);
    expect(ms).toBeGreaterThanOrEqual(SYNC_BUDGET_MS - 100);
    expect(res.body).toMatchObject({ status: "failed", code: "REGISTRY_UNAVAILABLE" });
    expect(res.headers.get("retry-after")).toBe("5");
    expect(await balanceOf(biz.businessId)).toBe(5);
    expect(await ledgerSum(biz.businessId)).toBe(5);
    expect(await verificationCount(biz.businessId)).toBe(0);

    // The request's own call answers at 5 s, in the app.
    await waitFor("the lookup to resolve", async () => (await pool().query("SELECT 1 FROM pending_lookup WHERE business_id = $1 AND state = 'resolved'", [biz.businessId])).rows.length === 1);
    const retried = await verify(biz, SLOW_IDS.hung, key);
    expect(retried.status).toBe(200);
    expect(retried.body).toMatchObject({ cached: false, creditDeducted: true, data: { result: "verified" }, citizen: { fullName: "Hodan Warsame Farah" } });
    const again = await verify(biz, SLOW_IDS.hung, key);
    expect(again.body).toMatchObject({ cached: true, data: { id: retried.body.data.id } });
    expect(await balanceOf(biz.businessId)).toBe(4);
    expect(await ledgerSum(biz.businessId)).toBe(4);
    expect(await verificationCount(biz.businessId)).toBe(1);

    // Redacted at once: the 503s' log entries (written by now) lose the key with the others.
    expect((await api("POST", `/verifications/${retried.body.data.id}/redact`, { key: biz.liveKey })).status).toBe(200);
    const logged = () => pool().query<{ keyed: number }>("SELECT count(*) FILTER (WHERE idempotency_key IS NOT NULL)::int AS keyed FROM request_log_entry WHERE business_id = $1", [biz.businessId]);
    await waitFor("the four requests' log entries", async () => (await pool().query("SELECT 1 FROM request_log_entry WHERE business_id = $1", [biz.businessId])).rows.length === 4);
    expect((await logged()).rows[0]!.keyed).toBe(0);
  }, 40_000);

  it("keeps the late result for the next retry when a retry under the key is refused for credits", async () => {
    const biz = await createTestBusiness({ live: true, credits: 1 });
    const key = { "idempotency-key": `hung-402-${biz.businessId}` };
    expect((await verify(biz, SLOW_IDS.hung, key)).status).toBe(503);
    await waitFor("the lookup to resolve", async () => (await pool().query("SELECT 1 FROM pending_lookup WHERE business_id = $1 AND state = 'resolved'", [biz.businessId])).rows.length === 1);
    // The balance spent meanwhile: the retry is refused for it.
    expect((await verify(biz, SLOW_IDS.slow)).status).toBe(200);
    expect((await verify(biz, SLOW_IDS.hung, key)).status).toBe(402);
    await grantCredits(systemContext("slow-registry-test"), { businessId: biz.businessId, amount: 1 });
    // The answer the registry gave is picked up: asked again, it would answer after the budget (a 503).
    const retried = await verify(biz, SLOW_IDS.hung, key);
    expect([retried.status, retried.body.data?.result]).toEqual([200, "verified"]);
    expect(await balanceOf(biz.businessId)).toBe(0);
    expect(await ledgerSum(biz.businessId)).toBe(0);
    expect(await verificationCount(biz.businessId)).toBe(2);
  }, 40_000);

  it("answers a retry before the lookup has answered with the same free 503, looking nothing up again", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const key = { "idempotency-key": `never-${biz.businessId}` };
    expect((await verify(biz, SLOW_IDS.never, key)).status).toBe(503);
    // The key waits for the lookup, which never answers: the retry is answered at once, free.
    const { ms, res } = await timed(() => verify(biz, SLOW_IDS.never, key));
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: "REGISTRY_UNAVAILABLE" });
    expect(ms).toBeLessThan(SYNC_BUDGET_MS);
    expect(await balanceOf(biz.businessId)).toBe(5);
    expect(await ledgerSum(biz.businessId)).toBe(5);
    expect(await verificationCount(biz.businessId)).toBe(0);
    // No worker takes this shared database's lookups: a lookup left waiting would read as a
    // degraded registry (health, the portal's banner) to the files that run after this one.
    await pool().query("DELETE FROM pending_lookup WHERE business_id = $1", [biz.businessId]);
  }, 40_000);
});

describe("retrieve", () => {
  it("is free in live mode", async () => {
    const biz = await createTestBusiness({ live: true, credits: 2 });
    const res = await verify(biz, SLOW_IDS.slow.replace(/6$/, "7"));
    expect(res.status).toBe(200);
    for (let i = 0; i < 3; i++) expect((await retrieve(biz, res.body.data.id)).status).toBe(200);
    expect(await balanceOf(biz.businessId)).toBe(1);
    expect(await ledgerSum(biz.businessId)).toBe(1);
  });
});
