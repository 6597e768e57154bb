/**
 * The two answers to a slow national registry (product rules §21), through the real HTTP API. The
 * test app's live registry answers SLOW_IDS late (test/support/env.ts): 2.5 s (inside a plain
 * request's budget, past a `respond-async` one's), 5 s (past both), never. A lookup that outlasts
 * its budget goes on in the app, in the call its request made (a worker takes over only from a
 * process that died: test/services/pending-takeover.test.ts). Time promises are asserted by
 * structure (a 202 is only possible once the 1.5 s budget's own timer fired; a late answer cannot
 * come before its time) and with margins for a loaded machine.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { pool } from "@/server/db/client";
import { openOutcome } from "@/server/verifications/pending-lookup";
import { api } from "../support/api";
import { SLOW_IDS, SYNC_BUDGET_MS } from "../support/env";
import { createTestBusiness, type TestBusiness } from "../support/factories";
import { balanceOf, ledgerSum, verificationCount } from "../support/queries";
import { seedCitizens } from "../support/batches";
import { waitFor } from "../support/wait-for";

const ASYNC = { prefer: "respond-async" };

const verify = (biz: TestBusiness, nationalId: string, headers: Record<string, string> = {}) =>
  api("POST", "/verify/citizen", { key: biz.liveKey!, body: { nationalId, purpose: "Account opening" }, headers });
const retrieve = (biz: TestBusiness, id: string) => api("GET", `/verifications/${id}`, { key: biz.liveKey! });

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; res: T }> {
  const started = performance.now();
  const res = await call();
  return { ms: performance.now() - started, res };
}

/** Waits in the database (the API's rate limit is not for polling this fast), then reads it once through the API. */
async function completed(biz: TestBusiness, id: string, timeoutMs?: number) {
  await waitFor(
    "the pending verification to complete",
    async () => (await pool().query("SELECT 1 FROM verification WHERE id = $1 AND result <> 'pending'", [id])).rows.length === 1,
    timeoutMs,
  );
  return retrieve(biz, id);
}

/** The verification_completed events of one verification, as the events API lists them. */
async function completions(biz: TestBusiness, id: string) {
  const res = await api("GET", "/events?type=verification_completed", { key: biz.liveKey! });
  return (res.body.data as { data: { id: string; result: string } }[]).filter((e) => e.data.id === id).map((e) => e.data.result);
}

beforeAll(async () => {
  await seedCitizens([{ nationalId: SLOW_IDS.slow }, { nationalId: SLOW_IDS.hung }]);
});

describe("a slow registry, for a caller that sends Prefer: respond-async", () => {
  it("answers 202 pending within 2 s, then completes: event, final result and citizen on retrieve and replay, one credit", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const key = { "idempotency-key": `async-${biz.businessId}` };
    // The hung ID answers at 5 s: the pending state below is looked at in the 3.5 s before that.
    const { ms, res } = await timed(() => verify(biz, SLOW_IDS.hung, { ...ASYNC, ...key }));
    // By structure: a 202 exists only once the 1.5 s budget's own timer fired, before the registry's
    // answer at 5 s (a 200 had it waited). The wall clock gets a margin for a loaded machine.
    expect(res.status).toBe(202);
    expect(ms).toBeLessThan(5000);
    expect(res.headers.get("preference-applied")).toBe("respond-async");
    expect(res.body).toMatchObject({ creditDeducted: true, citizen: null, data: { result: "pending", creditsUsed: 1 } });
    const { id } = res.body.data;
    // Until it completes: pending everywhere, and the replay is the same 202.
    expect((await retrieve(biz, id)).body).toMatchObject({ data: { result: "pending" }, citizen: null });
    const early = await verify(biz, SLOW_IDS.hung, { ...ASYNC, ...key });
    expect(early.status).toBe(202);
    expect(early.headers.get("idempotent-replayed")).toBe("true");

    const done = await completed(biz, id);
    expect(done.body).toMatchObject({ data: { id, result: "verified" }, citizen: { fullName: "Hodan Warsame Farah", dateOfBirth: "1990-04-12" } });
    expect(await completions(biz, id)).toEqual(["verified"]);
    const replay = await verify(biz, SLOW_IDS.hung, { ...ASYNC, ...key });
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ cached: true, creditDeducted: false, data: { id, result: "verified" }, citizen: { fullName: "Hodan Warsame Farah" } });

    // One credit for the verification; every retrieve on the way was free.
    expect(await balanceOf(biz.businessId)).toBe(4);
    expect(await ledgerSum(biz.businessId)).toBe(4);
    expect(await verificationCount(biz.businessId)).toBe(1);
  }, 60_000);

  it("never shows the citizen of a pending verification redacted before its lookup completed", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    // Redacted in the 3.5 s between the 202 and the hung ID's answer.
    const res = await verify(biz, SLOW_IDS.hung, ASYNC);
    expect(res.status).toBe(202);
    const { id } = res.body.data;
    expect((await api("POST", `/verifications/${id}/redact`, { key: biz.liveKey! })).status).toBe(200);
    // Redacted while still pending, or this test would prove nothing.
    expect((await pool().query("SELECT result FROM verification WHERE id = $1", [id])).rows).toEqual([{ result: "pending" }]);
    const done = await completed(biz, id);
    expect(done.body).toMatchObject({ data: { id, result: "verified", redactedAt: expect.any(String) }, citizen: null });
    // Nothing kept that could show it later either.
    const { rows } = await pool().query<{ outcome: Buffer | null; request: Buffer | null }>("SELECT outcome, request FROM pending_lookup WHERE id = $1", [id]);
    expect(rows[0]?.request ?? null).toBeNull();
    expect(rows[0]?.outcome ? openOutcome(id, rows[0].outcome).citizen : null).toBeNull();
    expect(await completions(biz, id)).toEqual(["verified"]);
  }, 60_000);

  it("ends unavailable when the registry never answers: credit refunded, verification_completed with that result", async () => {
    const biz = await createTestBusiness({ live: true, credits: 5 });
    const res = await verify(biz, SLOW_IDS.never, ASYNC);
    expect(res.status).toBe(202);
    const { id } = res.body.data;
    const done = await completed(biz, id);
    expect(done.body).toMatchObject({ data: { result: "unavailable" }, citizen: null });
    expect(await completions(biz, id)).toEqual(["unavailable"]);
    expect(await balanceOf(biz.businessId)).toBe(5);
    expect(await ledgerSum(biz.businessId)).toBe(5);
    const { rows } = await pool().query("SELECT kind, amount FROM credit_ledger_entry WHERE business_id = $1 AND kind <> 'grant' ORDER BY id", [biz.businessId]);
    expect(rows).toEqual([{ kind: "usage", amount: -1 }, { kind: "refund", amount: 1 }]);
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
