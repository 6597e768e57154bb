/**
 * An app whose live lookups go to the registry gateway (the simulator), through the real HTTP
 * API: it comes up ready while the gateway is down, maps each gateway status to its result, gives
 * a batch row the gateway cannot answer for a result of its own, and never writes a national ID
 * into its log. A slow gateway gets a bare request its final answer; a hung one costs it a free
 * 503 whose retry picks up the answer, and holds a `respond-async` request's lookup pending for as
 * long as a test looks at it, its completion then delivered as a webhook; a running batch leaves a
 * verify its 2-second answer; its two web processes share one gateway token. Its database is its
 * own: its batch worker would take other files' live batches to its simulator, and theirs would
 * take its batch to the mirror.
 */
import fs from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRegistrySimulator, type RegistrySimulator } from "../../registry-simulator/server";
import { DEMO_CITIZENS, type GatewayRecord } from "../../registry-simulator/citizens";
import { DEFAULT_LEVERS } from "../../registry-simulator/levers";
import { freePort } from "../../scripts/lib/free-port";
import { api, type ApiResponse } from "../support/api";
import { startApp, type RunningApp } from "../support/app";
import { createTestBusiness, type TestBusiness } from "../support/factories";
import { batchEnded, batchFootprint, csvOf, resultLines, upload } from "../support/batches";
import { balanceOf, ledgerSum, sleep, verificationCount } from "../support/queries";
import { waitFor } from "../support/wait-for";
import { pool } from "@/server/db/client";
import { createOwnDatabase } from "../support/own-database";
import { expectWithinQuota } from "../support/quota-windows";
import { completed, completions } from "../support/pending";
import { openOutcome } from "@/server/verifications/pending-lookup";
import { sampleSum, samples } from "../support/prometheus";
import { TEST_METRICS_TOKEN } from "../support/env";
import { startReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { systemContext } from "@/server/context";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { revealWebhookSecret } from "@/server/webhooks/reveal-webhook-secret";
import { Hubi } from "../../sdk/src/index.js";

/** Short, so that the outage test sees its circuit recover. */
const BREAKER_OPEN_SECONDS = 2;
const DEMO_NINS = ["11111111111", "10101010101", "22222222222", "33333333333", "44444444444", "12121212121"];

let app: RunningApp;
let sim: RegistrySimulator | undefined;
let gatewayPort: number;
let biz: TestBusiness;
let database: Awaited<ReturnType<typeof createOwnDatabase>>;
let receiver: WebhookReceiver;

beforeAll(async () => {
  database = await createOwnDatabase("registry_gateway");
  receiver = await startReceiver();
  gatewayPort = await freePort();
  // Nothing listens on the gateway's port yet: the app must come up anyway.
  // Two web processes, each with its batch and pending-lookup loops: one fleet on one quota.
  app = await startApp({
    name: "vitest-app-registry-gateway",
    processes: 2,
    env: {
      REGISTRY_SOURCE: "gateway",
      REGISTRY_URL: `http://127.0.0.1:${gatewayPort}`,
      REGISTRY_CLIENT_ID: DEFAULT_LEVERS.clientId,
      REGISTRY_CLIENT_SECRET: DEFAULT_LEVERS.clientSecret,
      REGISTRY_FAILING_NATIONAL_ID: "",
      BATCH_WORKER_IN_APP: "true",
      // Three gateway groups of 100 IDs to a chunk, as in production (500 rows, five groups).
      BATCH_CHUNK_ROWS: "300",
      // Lookups that go on after a budget ends complete in this app (its database is its own).
      PENDING_WORKER_IN_APP: "true",
      // And so are their webhooks: a completion is delivered, not only raised.
      WEBHOOK_WORKER_IN_APP: "true",
      PENDING_LOOKUP_GIVE_UP_SECONDS: "120",
      REGISTRY_BREAKER_OPEN_SECONDS: String(BREAKER_OPEN_SECONDS),
      // Tests that hold or fail calls on purpose leave a few consecutive faults behind in a process
      // (a success in the other process does not clear them): only the outage test opens the circuit.
      REGISTRY_BREAKER_FAULTS: "12",
    },
  });
  biz = await createTestBusiness({ live: true, credits: 100 });
});
afterAll(async () => {
  await app?.stop();
  await sim?.stop();
  await receiver?.close();
  await database?.release();
});

/** Gives the simulator a citizen whose record has this gateway status. */
async function citizenWithStatus(nin: string, status: string): Promise<GatewayRecord> {
  const record: GatewayRecord = {
    nin,
    status,
    person: { givenName: "Asha", fatherName: "Ali", grandfatherName: "Nur", familyName: null, dateOfBirth: "1999-09-09", sex: "F" },
    card: { serialNumber: `SO-${nin}`, issueDate: "2020-01-01", expiryDate: "2030-01-01" },
  };
  await fetch(`${sim!.url}/__admin/citizens`, { method: "PUT", body: JSON.stringify([record]) });
  return record;
}

/** Pulls the simulator's levers (registry-simulator/levers.ts). */
const levers = (changes: Partial<typeof DEFAULT_LEVERS>) => fetch(`${sim!.url}/__admin/levers`, { method: "PATCH", body: JSON.stringify(changes) });

const verify = (nationalId: string) => api("POST", "/verify/citizen", { key: biz.liveKey, body: { nationalId }, baseUrl: app.url });

/**
 * Runs `during` while the gateway holds every lookup, then releases them (each held call is
 * answered 504, a fault its pending lookup retries) with `after` pulled at the same time.
 */
async function whileHeld<T>(during: () => Promise<T>, after: Partial<typeof DEFAULT_LEVERS> = {}): Promise<T> {
  return withLevers({ hang: true }, during, { hang: false, ...after });
}

/** Runs `during` while the gateway answers every lookup 503 (with `Retry-After`, when given), then brings it back. */
const whileDown = <T>(during: () => Promise<T>, { retryAfterSeconds = DEFAULT_LEVERS.retryAfterSeconds } = {}): Promise<T> =>
  withLevers({ status: 503, retryAfterSeconds }, during, { status: 0, retryAfterSeconds: DEFAULT_LEVERS.retryAfterSeconds });

/** Runs `during` with the levers `on` pulled, and pulls `off` after it, whatever happened. */
async function withLevers<T>(on: Partial<typeof DEFAULT_LEVERS>, during: () => Promise<T>, off: Partial<typeof DEFAULT_LEVERS>): Promise<T> {
  await levers(on);
  try {
    return await during();
  } finally {
    await levers(off);
  }
}

/** A live verify of a demo citizen under one Idempotency-Key of the business's, on this file's app. */
const keyedVerify = (payer: TestBusiness) => () =>
  api("POST", "/verify/citizen", { key: payer.liveKey, body: { nationalId: "11111111111" }, headers: { "idempotency-key": `key-${payer.businessId}` }, baseUrl: app.url });

/**
 * A first request whose call the gateway holds, its key then taken over by a retry (as after a
 * stall of over two minutes) whose call is held too: both requests, still unanswered.
 */
async function takenOverWhileHeld(payer: TestBusiness, verify: () => Promise<ApiResponse>): Promise<[Promise<ApiResponse>, Promise<ApiResponse>]> {
  const stalled = verify();
  await waitFor("the first call to be held", () => sim!.held() === 1);
  await pool().query("UPDATE idempotency_record SET locked_at = now() - interval '125 seconds' WHERE business_id = $1", [payer.businessId]);
  const retry = verify();
  await waitFor("the retry's call to be held", () => sim!.held() === 2);
  return [stalled, retry];
}

/** A business's ledger lines and events: what any charge leaves, even one given back. */
const footprintOf = async (businessId: string) =>
  (
    await pool().query<{ n: number }>(
      "SELECT (SELECT count(*) FROM credit_ledger_entry WHERE business_id = $1) + (SELECT count(*) FROM outbox_event WHERE business_id = $1) AS n",
      [businessId],
    )
  ).rows[0]!.n;

/**
 * A verify by a business with one credit (`payerOf(1)`: a charge, even one given back, would raise
 * credits_exhausted), answered a free 503 that asked the gateway nothing and left no footprint.
 */
async function refusedFree({ payer, verifyAs }: Awaited<ReturnType<typeof payerOf>>, headers: Record<string, string>) {
  const [calls, before] = [sim!.counts().lookups, await footprintOf(payer.businessId)];
  const res = await verifyAs("11111111111", headers);
  expect(res.status).toBe(503);
  expect(res.body).toMatchObject({ code: "REGISTRY_UNAVAILABLE" });
  expect(sim!.counts().lookups).toBe(calls);
  expect(await footprintOf(payer.businessId)).toBe(before);
  return res;
}

/** A live caller with a business of its own, and what it asks this app. */
async function payerOf(credits: number) {
  const payer = await createTestBusiness({ live: true, credits });
  const caller = { key: payer.liveKey!, baseUrl: app.url };
  return {
    payer,
    caller,
    verifyAs: (nationalId: string, headers: Record<string, string> = {}) => api("POST", "/verify/citizen", { ...caller, body: { nationalId }, headers }),
    retrieve: (id: string) => api("GET", `/verifications/${id}`, caller),
  };
}

describe("an app on the registry gateway", () => {
  it("is ready while the gateway is down, and says which registry it uses", async () => {
    const res = await fetch(`${app.url}/api/health/ready`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ready", failing: [], registry: "closed" });
  });

  it("maps each gateway status to its result once the gateway is up", async () => {
    // Tokens that outlive the file: no scheduled refresh may fall just before the revocation test's,
    // whose replacement the fleet's gap between token requests would then hold back.
    sim = await startRegistrySimulator({ port: gatewayPort, levers: { tokenLifetimeSeconds: 3600 } });
    const answers = [];
    for (const nin of DEMO_NINS) answers.push(await verify(nin));
    expect(answers.map((a) => [a.status, a.body.data.result])).toEqual([
      [200, "verified"],
      [200, "verified"],
      [200, "not_found"],
      [200, "expired"],
      [200, "revoked"],
      [200, "deceased"],
    ]);
    expect(answers[1]!.body.citizen).toEqual({ fullName: "Faadumo Cali Xirsi Warsame", dateOfBirth: "1990-04-12", dateOfIssue: "2024-01-15" });
    expect(answers[5]!.body.citizen).toBeNull();
    expect(sim.counts().lookups).toBe(DEMO_NINS.length);
  });

  it("gives a batch row the gateway cannot answer for a registry_error, free, and counts the others, deceased included", async () => {
    // A status Hubi does not know: the gateway answers the group, but this record has no result.
    const suspended = await citizenWithStatus("98765432109", "SUSPENDED");
    const payer = await createTestBusiness({ live: true, credits: 10 });
    const groupsBefore = sim!.counts().batchLookups;
    const created = await upload(payer.liveKey!, csvOf("nationalId", ["11111111111", suspended.nin, "22222222222", "12121212121"]), "text/csv", { baseUrl: app.url });
    expect(created.status).toBe(202);
    const batch = await batchEnded(payer.liveKey!, created.body.data.id, { baseUrl: app.url });
    expect(batch).toMatchObject({ status: "completed", processedRows: 4, creditsUsed: 3 });
    expect(batch.counts).toEqual({ verified: 1, not_found: 1, expired: 0, revoked: 0, deceased: 1, invalid: 0, insufficient_credits: 0, registry_error: 1 });
    const lines = await resultLines(payer.liveKey!, batch.id, app.url);
    expect(lines[1]).toEqual({ row: 2, result: "registry_error", reference: null, verificationId: null, error: "The national registry could not answer for this national ID" });
    expect(lines.map((l) => l.result)).toEqual(["verified", "registry_error", "not_found", "deceased"]);
    // One group call, never retried; the faulty row's reserved credit came back through the ledger.
    expect(sim!.counts().batchLookups - groupsBefore).toBe(1);
    expect(await batchFootprint(batch.id)).toMatchObject({ verifications: 3, results: 4, charged: 3 });
    expect(await balanceOf(payer.businessId)).toBe(7);
    expect(await ledgerSum(payer.businessId)).toBe(7);
  });

  it("answers a free 503 to a verify of a record the gateway cannot answer for, and asks once", async () => {
    const unknownStatus = await citizenWithStatus("98765432117", "ON_HOLD");
    const payer = await createTestBusiness({ live: true, credits: 5 });
    const lookupsBefore = sim!.counts().lookups;
    const res = await api("POST", "/verify/citizen", { key: payer.liveKey, body: { nationalId: unknownStatus.nin }, baseUrl: app.url });
    expect(res.status).toBe(503);
    expect(res.body).toMatchObject({ code: "REGISTRY_UNAVAILABLE", message: "The national registry could not answer for this national ID. Nothing was charged." });
    expect(res.headers.get("retry-after")).toBe("300");
    expect(sim!.counts().lookups - lookupsBefore).toBe(1);
    expect(await balanceOf(payer.businessId)).toBe(5);
    expect(await ledgerSum(payer.businessId)).toBe(5);
    expect(await verificationCount(payer.businessId, "live")).toBe(0);
  });

  it("never verifies from an answer that does not match the gateway's interface: a free 503, nothing recorded", async () => {
    const { payer, verifyAs } = await payerOf(5);
    // Three kinds (the adapter's tests go through every one): fewer faults in a row than open the circuit.
    for (const malformed of ["truncated", "missing_field", "wrong_type"] as const) {
      const calls = sim!.counts().lookups;
      const res = await withLevers({ malformed }, () => verifyAs("11111111111"), { malformed: "off" });
      expect([malformed, res.status, res.body.code]).toEqual([malformed, 503, "REGISTRY_UNAVAILABLE"]);
      // Asked and answered wrongly, not refused by an open circuit.
      expect(sim!.counts().lookups).toBeGreaterThan(calls);
    }
    expect(await balanceOf(payer.businessId)).toBe(5);
    expect(await verificationCount(payer.businessId, "live")).toBe(0);
    expect((await verifyAs("11111111111")).body.data).toMatchObject({ result: "verified" });
  });

  it("answers a free 503 when the gateway hangs past the budget; the retry under its key gets the result, one credit", async () => {
    const payer = await createTestBusiness({ live: true, credits: 5 });
    const bare = () =>
      api("POST", "/verify/citizen", { key: payer.liveKey, body: { nationalId: "11111111111" }, headers: { "idempotency-key": "hung-gateway-1" }, baseUrl: app.url });
    const first = await whileHeld(bare);
    expect(first.status).toBe(503);
    expect(first.body).toMatchObject({ code: "REGISTRY_UNAVAILABLE" });
    expect(await balanceOf(payer.businessId)).toBe(5);
    // The lookup went on in the background; once it has the answer, the retry picks it up.
    await waitFor("the lookup to resolve", async () => {
      const { rows } = await pool().query<{ state: string }>("SELECT state FROM pending_lookup WHERE business_id = $1", [payer.businessId]);
      return rows[0]?.state === "resolved";
    });
    const retried = await bare();
    expect(retried.status).toBe(200);
    expect(retried.body.data).toMatchObject({ result: "verified", creditsUsed: 1 });
    expect(await balanceOf(payer.businessId)).toBe(4);
    expect(await ledgerSum(payer.businessId)).toBe(4);
    expect(await verificationCount(payer.businessId, "live")).toBe(1);
  });

  it("writes nothing for a request whose key a retry took over while its call was out: one verification, one credit", async () => {
    const payer = await createTestBusiness({ live: true, credits: 5 });
    const verify = keyedVerify(payer);
    // The gateway answers both calls once the retry has taken the key over: as after a first
    // request that stalled for over two minutes before it could write its outcome.
    const [first, retried] = await withLevers(
      { hang: true, releaseAnswers: true },
      async () => {
        const calls = await takenOverWhileHeld(payer, verify);
        await levers({ hang: false });
        return Promise.all(calls);
      },
      { releaseAnswers: false },
    );
    expect([first.status, first.body.code]).toEqual([409, "IDEMPOTENCY_IN_FLIGHT"]);
    expect([retried.status, retried.body.data.result]).toEqual([200, "verified"]);
    expect(await verificationCount(payer.businessId, "live")).toBe(1);
    expect(await balanceOf(payer.businessId)).toBe(4);
    expect(await ledgerSum(payer.businessId)).toBe(4);
    const replay = await verify();
    expect([replay.body.cached, replay.body.data.id]).toEqual([true, retried.body.data.id]);
  });

  it("leaves no lookup behind for a request whose key a retry took over before its 503: the retry's goes on, and its retry gets the result", async () => {
    const payer = await createTestBusiness({ live: true, credits: 5 });
    const verify = keyedVerify(payer);
    // Both calls held past their budgets: each request answers 503 while its call is still out.
    const answers = await whileHeld(async () => Promise.all(await takenOverWhileHeld(payer, verify)));
    expect(answers.map((a) => a.body.code)).toEqual(["REGISTRY_UNAVAILABLE", "REGISTRY_UNAVAILABLE"]);
    const lookups = await pool().query<{ id: string }>("SELECT id FROM pending_lookup WHERE business_id = $1", [payer.businessId]);
    expect(lookups.rows).toHaveLength(1);
    const record = await pool().query("SELECT state, verification_id FROM idempotency_record WHERE business_id = $1", [payer.businessId]);
    expect(record.rows).toEqual([{ state: "awaiting_lookup", verification_id: lookups.rows[0]!.id }]);
    await waitFor("the lookup to resolve", async () => {
      const { rows } = await pool().query<{ state: string }>("SELECT state FROM pending_lookup WHERE business_id = $1", [payer.businessId]);
      return rows[0]?.state === "resolved";
    });
    const picked = await verify();
    expect([picked.status, picked.body.data.result]).toEqual([200, "verified"]);
    expect(await balanceOf(payer.businessId)).toBe(4);
    expect(await ledgerSum(payer.businessId)).toBe(4);
  });

  it("waits for a gateway slower than a 202's budget and answers the bare request 200 with the final result: one call, one credit", async () => {
    const { payer, verifyAs } = await payerOf(5);
    const calls = sim!.counts().lookups;
    // Past the 1.5 s budget of a caller that takes a 202, well within a bare request's (4 s in the
    // tests, 8 s by default): 2 s left for the token, the slot and two loaded processes.
    const res = await withLevers({ latencyMs: 2000 }, () => verifyAs("10101010101"), { latencyMs: 0 });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { result: "verified", creditsUsed: 1 }, citizen: { fullName: "Faadumo Cali Xirsi Warsame" } });
    expect(sim!.counts().lookups - calls).toBe(1);
    // Answered in the request itself: nothing was left to complete in the background.
    expect((await pool().query("SELECT 1 FROM pending_lookup WHERE business_id = $1", [payer.businessId])).rows).toEqual([]);
    expect(await balanceOf(payer.businessId)).toBe(4);
    expect(await ledgerSum(payer.businessId)).toBe(4);
  });

  it("asks the gateway once for a lookup that outlasts its 2-second budget: the request's own call completes it", async () => {
    const payer = await createTestBusiness({ live: true, credits: 5 });
    // Past the 1.5 s budget of a caller that takes a 202, well within one attempt's time.
    await levers({ latencyMs: 2500 });
    let res;
    try {
      res = await api("POST", "/verify/citizen", { key: payer.liveKey, body: { nationalId: "11111111111" }, headers: { prefer: "respond-async" }, baseUrl: app.url });
      expect(res.status).toBe(202);
      const id = res.body.data.id as string;
      const done = await waitFor("the pending verification to complete", async () => {
        const { rows } = await pool().query<{ result: string; attempts: number; state: string }>(
          "SELECT v.result, p.attempts, p.state FROM verification v JOIN pending_lookup p ON p.id = v.id WHERE v.id = $1 AND v.result <> 'pending'",
          [id],
        );
        return rows[0];
      });
      expect(done).toEqual({ result: "verified", attempts: 1, state: "resolved" });
    } finally {
      await levers({ latencyMs: 0 });
    }
    const requestId = res.headers.get("x-request-id");
    expect(sim!.counts().requestIds.filter((r) => r === requestId)).toHaveLength(1);
    expect(await balanceOf(payer.businessId)).toBe(4);
  });

  it("pauses the fleet for a 429's Retry-After: its lookup asks again no sooner, and a verify the pause outlasts is refused free", async () => {
    const payer = await createTestBusiness({ live: true, credits: 5 });
    const payerBeforeThePause = await payerOf(1);
    // The 429 comes after the 1.5 s budget, to the call that goes on; the retry schedule's first step is 2 s.
    await levers({ latencyMs: 2500, status: 429, retryAfterSeconds: 8 });
    let id: string;
    let sentAt: Date;
    let next: Date;
    let refused: Awaited<ReturnType<typeof refusedFree>>;
    try {
      sentAt = (await pool().query<{ now: Date }>("SELECT now()")).rows[0]!.now;
      const res = await api("POST", "/verify/citizen", { key: payer.liveKey, body: { nationalId: "11111111111" }, headers: { prefer: "respond-async" }, baseUrl: app.url });
      expect(res.status).toBe(202);
      id = res.body.data.id as string;
      next = await waitFor("the lookup's next attempt to be scheduled", async () => {
        const { rows } = await pool().query<{ next_attempt_at: Date }>(
          "SELECT next_attempt_at FROM pending_lookup WHERE id = $1 AND attempts = 1 AND lease_id IS NULL AND state = 'waiting'",
          [id],
        );
        return rows[0]?.next_attempt_at;
      });
      // Still paused for about 7 s, longer than a respond-async verify's 1.5 s budget.
      refused = await refusedFree(payerBeforeThePause, { prefer: "respond-async" });
    } finally {
      await levers({ latencyMs: 0, status: 0, retryAfterSeconds: DEFAULT_LEVERS.retryAfterSeconds });
    }
    // When the pause ends.
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThanOrEqual(2);
    expect(Number(refused.headers.get("retry-after"))).toBeLessThanOrEqual(8);
    const done = await waitFor("the pending verification to complete", async () => {
      const { rows } = await pool().query<{ result: string; attempts: number }>(
        "SELECT v.result, p.attempts FROM verification v JOIN pending_lookup p ON p.id = v.id WHERE v.id = $1 AND v.result <> 'pending'",
        [id],
      );
      return rows[0];
    });
    expect(done).toEqual({ result: "verified", attempts: 2 });
    // The 429 came at least 2.5 s after sending; the next attempt at least its 8 s after that.
    expect(next.getTime() - sentAt.getTime()).toBeGreaterThanOrEqual(10_500);
  });

  it("starts a lookup that goes on after a 503 no sooner than the gateway's Retry-After, and tells a retrying caller so", async () => {
    const { payer, caller, verifyAs } = await payerOf(5);
    const sentAt = (await pool().query<{ now: Date }>("SELECT now()")).rows[0]!.now;
    const [pending, bare] = await whileDown(
      async () => [await verifyAs("11111111111", { prefer: "respond-async" }), await verifyAs("11111111111", { "idempotency-key": "retry-after-1" })],
      { retryAfterSeconds: 6 },
    );
    expect(pending.status).toBe(202);
    expect(bare.status).toBe(503);
    expect(Number(bare.headers.get("retry-after"))).toBeGreaterThanOrEqual(6);
    // Both queued in the statement that answered, due no sooner than 6 s after the request.
    const { rows } = await pool().query<{ next_attempt_at: Date }>("SELECT next_attempt_at FROM pending_lookup WHERE business_id = $1 AND attempts = 0", [payer.businessId]);
    expect(rows.map((r) => r.next_attempt_at.getTime() - sentAt.getTime() >= 6_000)).toEqual([true, true]);
    expect((await completed(caller, pending.body.data.id)).body.data).toMatchObject({ result: "verified" });
  });

  it("answers 202 pending within 2 s to a caller that sends Prefer: respond-async, then completes: webhook, final result and citizen on retrieve and replay, one credit", async () => {
    const { payer, caller, verifyAs, retrieve } = await payerOf(5);
    const ctx = systemContext("registry-gateway-test");
    await setWebhookUrl(ctx, { businessId: payer.businessId, mode: "live", url: receiver.url });
    const asyncVerify = () => verifyAs("10101010101", { prefer: "respond-async", "idempotency-key": "held-async" });
    const id = await whileHeld(async () => {
      // By structure: the gateway holds the lookup, so only the 1.5 s budget's own timer can answer.
      const res = await asyncVerify();
      expect(res.status).toBe(202);
      expect(res.headers.get("preference-applied")).toBe("respond-async");
      expect(res.body).toMatchObject({ creditDeducted: true, citizen: null, data: { result: "pending", creditsUsed: 1 } });
      // Until it completes: pending everywhere, and the replay is the same 202.
      expect((await retrieve(res.body.data.id)).body).toMatchObject({ data: { result: "pending" }, citizen: null });
      const early = await asyncVerify();
      expect([early.status, early.headers.get("idempotent-replayed")]).toEqual([202, "true"]);
      return res.body.data.id as string;
    });

    // Released: the held call's 504 is retried, and the next attempt has the answer.
    const done = await completed(caller, id);
    expect(done.body).toMatchObject({ data: { id, result: "verified" }, citizen: { fullName: "Faadumo Cali Xirsi Warsame", dateOfBirth: "1990-04-12" } });
    expect(await completions(caller, id)).toEqual(["verified"]);
    // Delivered to the business's endpoint, signed with its live secret, without the national ID.
    const delivered = await waitFor("the completion's delivery", () =>
      receiver.requests.find((r) => r.body.includes('"verification_completed"') && r.body.includes(id)),
    );
    const { secret } = await revealWebhookSecret(ctx, { businessId: payer.businessId, mode: "live" });
    expect(await Hubi.webhooks.verify(delivered.body, delivered.headers, secret)).toMatchObject({ type: "verification_completed", data: { id, result: "verified" } });
    expect(delivered.body).not.toContain("10101010101");
    const replay = await asyncVerify();
    expect(replay.status).toBe(200);
    expect(replay.body).toMatchObject({ cached: true, creditDeducted: false, data: { id, result: "verified" }, citizen: { fullName: "Faadumo Cali Xirsi Warsame" } });
    // One credit for the verification; every retrieve on the way was free.
    expect(await balanceOf(payer.businessId)).toBe(4);
    expect(await ledgerSum(payer.businessId)).toBe(4);
    expect(await verificationCount(payer.businessId)).toBe(1);
  });

  it("never shows the citizen of a pending verification redacted before its lookup completed", async () => {
    const { payer, caller, verifyAs } = await payerOf(5);
    const id = await whileHeld(async () => {
      const res = await verifyAs("10101010101", { prefer: "respond-async" });
      expect(res.status).toBe(202);
      expect((await api("POST", `/verifications/${res.body.data.id}/redact`, caller)).status).toBe(200);
      // Redacted while still pending, or this test would prove nothing.
      expect((await pool().query("SELECT result FROM verification WHERE id = $1", [res.body.data.id])).rows).toEqual([{ result: "pending" }]);
      return res.body.data.id as string;
    });

    const done = await completed(caller, id);
    expect(done.body).toMatchObject({ data: { id, result: "verified", redactedAt: expect.any(String) }, citizen: null });
    // Nothing kept that could show it later either.
    const { rows } = await pool().query<{ outcome: Buffer | null; request: Buffer | null }>("SELECT outcome, request FROM pending_lookup WHERE id = $1", [id]);
    expect(rows[0]?.request ?? null).toBeNull();
    expect(rows[0]?.outcome ? openOutcome(id, rows[0].outcome).citizen : null).toBeNull();
    expect(await completions(caller, id)).toEqual(["verified"]);
    expect(await balanceOf(payer.businessId)).toBe(4);
  });

  it("ends a pending verification unavailable, refunded, at the first answer that refuses its record: never asks again", async () => {
    const payer = await createTestBusiness({ live: true, credits: 5 });
    const nationalId = "10101010101";
    // The background lookup's next attempt gets a 400 for this record.
    const first = await whileHeld(
      () => api("POST", "/verify/citizen", { key: payer.liveKey, body: { nationalId }, headers: { prefer: "respond-async" }, baseUrl: app.url }),
      { badRequestNins: [nationalId] },
    );
    expect(first.status).toBe(202);
    const id = first.body.data.id as string;
    let ended: { result: string; attempts: number };
    try {
      ended = await waitFor("the pending verification to end", async () => {
        const { rows } = await pool().query<{ result: string; attempts: number }>(
          "SELECT v.result, p.attempts FROM verification v JOIN pending_lookup p ON p.id = v.id WHERE v.id = $1 AND v.result <> 'pending'",
          [id],
        );
        return rows[0];
      });
    } finally {
      await levers({ badRequestNins: [] });
    }
    // Two attempts: the request's own call, which the hang's release answered 504, then the one answered 400.
    expect(ended).toEqual({ result: "unavailable", attempts: 2 });
    expect(await balanceOf(payer.businessId)).toBe(5);
    expect(await ledgerSum(payer.businessId)).toBe(5);
  });

  it("answers a verify within its 2-second budget while a batch keeps the quota busy, the two processes under REGISTRY_MAX_RPS", async () => {
    const payer = await createTestBusiness({ live: true, credits: 7_000 });
    await fetch(`${sim!.url}/__admin/reset`, { method: "POST" });
    // 60 group calls of 100 IDs, taken by both processes' batch loops, at 20 calls a second for the
    // fleet (REGISTRY_MAX_RPS, the simulator's quota too): about 3 s of paced calls.
    const rows = Array.from({ length: 6_000 }, (_, i) => `9${String(i).padStart(10, "0")}`);
    const created = await upload(payer.liveKey!, csvOf("nationalId", rows), "text/csv", { baseUrl: app.url });
    expect(created.status).toBe(202);
    await waitFor("the batch's calls to start", () => sim!.counts().batchLookups >= 5);
    // By structure: `respond-async` gives the lookup 1.5 s and answers 202 `pending` when it ends,
    // so a 200 with the result was answered inside the 2-second promise, ahead of the batch calls.
    const verifyNow = (nationalId: string) =>
      api("POST", "/verify/citizen", { key: payer.liveKey, body: { nationalId }, headers: { prefer: "respond-async" }, baseUrl: app.url });
    const singles = await Promise.all(["10101010101", "11111111111", "10101010101", "11111111111"].map(verifyNow));
    expect(singles.map((r) => [r.status, r.body.data.result])).toEqual(Array(4).fill([200, "verified"]));
    const batch = await batchEnded(payer.liveKey!, created.body.data.id, { timeoutMs: 40_000, baseUrl: app.url });
    expect(batch).toMatchObject({ status: "completed", processedRows: 6_000 });
    // At least one call per chunk: a process stalled past its chunk's lease (a loaded machine) has
    // that chunk taken over and asked again, which the batch's exact counts above make harmless.
    const counts = sim!.counts();
    expect(counts.batchLookups).toBeGreaterThanOrEqual(60);
    // Not every chunk asked twice: takeovers are the exception.
    expect(counts.batchLookups).toBeLessThan(90);
    // The gateway's one-second windows: the two processes together kept to the quota.
    expectWithinQuota(counts, DEFAULT_LEVERS.maxRps);
  }, 60_000);

  it("asks the gateway again only for the groups of a chunk it left unanswered: the answered ones are kept across the pause", async () => {
    const payer = await createTestBusiness({ live: true, credits: 300 });
    // Unknown to the gateway (not found), and none of the tests' slow IDs (80000000016…).
    const rows = Array.from({ length: 300 }, (_, i) => `7${String(i).padStart(10, "0")}`);
    // An outage that only the chunk's third group of 100 IDs meets.
    await levers({ unavailableNins: [rows[250]!], retryAfterSeconds: 1 });
    let batchId: string;
    let chunkNo: number;
    const asked = (group: number) => sim!.counts().requestIds.filter((id) => id === `${batchId}.${chunkNo}.${group}`).length;
    try {
      const created = await upload(payer.liveKey!, csvOf("nationalId", rows), "text/csv", { baseUrl: app.url });
      expect(created.status).toBe(202);
      batchId = created.body.data.id;
      chunkNo = (await pool().query<{ chunk_no: number }>("SELECT chunk_no FROM batch_chunk WHERE batch_id = $1", [batchId])).rows[0]!.chunk_no;
      // The third group refused: the chunk pauses with the other two groups' answers.
      await waitFor(
        "the chunk paused with what it was answered",
        async () => (await pool().query("SELECT 1 FROM batch_chunk WHERE batch_id = $1 AND answers IS NOT NULL", [batchId])).rowCount === 1,
      );
    } finally {
      await levers({ unavailableNins: [], retryAfterSeconds: DEFAULT_LEVERS.retryAfterSeconds });
    }
    const batch = await batchEnded(payer.liveKey!, batchId, { baseUrl: app.url });
    expect(batch).toMatchObject({ status: "completed", processedRows: 300, creditsUsed: 300 });
    expect(batch.counts).toMatchObject({ not_found: 300, registry_error: 0 });
    // The first two groups asked once, whenever the chunk resumed; the third again after the pause
    // (once more if it came before the lever was released), under its own request id: no call of
    // the resumed chunk goes under the chunk's bare id, which names no group.
    expect([asked(1), asked(2)]).toEqual([1, 1]);
    expect(asked(3)).toBeGreaterThanOrEqual(2);
    expect(sim!.counts().requestIds.filter((id) => id === `${batchId}.${chunkNo}`)).toEqual([]);
    expect(await balanceOf(payer.businessId)).toBe(0);
    expect((await pool().query("SELECT answers FROM batch_chunk WHERE batch_id = $1", [batchId])).rows).toEqual([{ answers: null }]);
  });

  it("keeps a chunk whose gateway call waits out a Retry-After longer than its lease: no other worker asks for it again", async () => {
    const payer = await createTestBusiness({ live: true, credits: 5 });
    const groupsBefore = sim!.counts().batchLookups;
    // The fleet waits out the 429's Retry-After, longer than a chunk's lease (5 s in tests), then asks once more.
    await levers({ status: 429, retryAfterSeconds: 8 });
    const created = await upload(payer.liveKey!, csvOf("nationalId", ["11111111111", "22222222222"]), "text/csv", { baseUrl: app.url });
    expect(created.status).toBe(202);
    try {
      await waitFor("the call answered 429", () => sim!.counts().batchLookups > groupsBefore);
    } finally {
      await levers({ status: 0, retryAfterSeconds: DEFAULT_LEVERS.retryAfterSeconds });
    }
    const batch = await batchEnded(payer.liveKey!, created.body.data.id, { baseUrl: app.url });
    expect(batch).toMatchObject({ status: "completed", processedRows: 2, creditsUsed: 2 });
    expect(sim!.counts().batchLookups - groupsBefore).toBe(2);
  });

  it("leaves a cancelled chunk's call at the gateway to end by itself: a lost lease is no fault of the gateway's", async () => {
    const payer = await createTestBusiness({ live: true, credits: 5 });
    await whileHeld(async () => {
      const created = await upload(payer.liveKey!, csvOf("nationalId", ["11111111111"]), "text/csv", { baseUrl: app.url });
      await waitFor("the chunk's call held at the gateway", () => sim!.held() === 1);
      expect((await api("POST", `/batches/${created.body.data.id}/cancel`, { key: payer.liveKey, baseUrl: app.url })).status).toBe(200);
      // Two renewals (a quarter of the tests' 5-second lease apart) find the lease lost; the call is not cut.
      await sleep(3_000);
      expect(sim!.held()).toBe(1);
    });
  });

  it("answers an outage with a free 503 that asks nothing and takes no credit once its circuit is open, then recovers by itself", async () => {
    // One credit: a charge, even one given back, would raise credits_exhausted.
    const { payer, verifyAs } = await payerOf(1);
    const footprint = () => footprintOf(payer.businessId);
    // Each with a key of its own: a key whose call the gateway answered 503 waits for its lookup to go
    // on, due after the 503's Retry-After (8 s), which also keeps the circuit open that long.
    let attempt = 0;
    const refused = await whileDown(() =>
      waitFor("a verify the open circuit refuses", async () => {
        const key = { "idempotency-key": `outage-${++attempt}` };
        const [calls, before] = [sim!.counts().lookups, await footprint()];
        const res = await verifyAs("11111111111", key);
        expect(res.status).toBe(503);
        return sim!.counts().lookups === calls ? { res, key, before, after: await footprint() } : null;
      }),
      { retryAfterSeconds: 8 },
    );
    expect(refused.res.body).toMatchObject({ code: "REGISTRY_UNAVAILABLE" });
    // Until the probe is due: the gateway's 8 s from the opening, not the circuit's own 2 s open time.
    expect(Number(refused.res.headers.get("retry-after"))).toBeGreaterThan(BREAKER_OPEN_SECONDS);
    expect(Number(refused.res.headers.get("retry-after"))).toBeLessThanOrEqual(8);
    // No ledger line and no event: nothing was charged, not even for a moment.
    expect(refused.after).toBe(refused.before);
    // Retried as a client should, after each Retry-After: once the probe is due, a verify is the
    // probe (or comes after it), and the same key, released by the refusal, gets the result.
    let recovered = refused.res;
    for (let tries = 0; recovered.status !== 200; tries++) {
      expect([recovered.status, tries < 5]).toEqual([503, true]);
      await sleep(Number(recovered.headers.get("retry-after")) * 1000);
      recovered = await verifyAs("11111111111", refused.key);
    }
    expect(recovered.body.data).toMatchObject({ result: "verified", creditsUsed: 1 });
    expect(await balanceOf(payer.businessId)).toBe(0);
    expect(await ledgerSum(payer.businessId)).toBe(0);
    expect(await verificationCount(payer.businessId, "live")).toBe(1);
  });

  it("replaces a token the gateway stops accepting with one request for both web processes: every verify on either answers", async () => {
    const { verifyAs } = await payerOf(20);
    await fetch(`${sim!.url}/__admin/revoke-tokens`, { method: "POST" });
    const tokenRequests = sim!.counts().tokenRequests;
    // Each on a connection of its own: the web start hands new connections to its processes in turn.
    const answers = await Promise.all(Array.from({ length: 8 }, () => verifyAs("11111111111", { connection: "close" })));
    expect(answers.map((a) => [a.status, a.body.data?.result])).toEqual(Array(8).fill([200, "verified"]));
    expect(sim!.counts().tokenRequests - tokenRequests).toBe(1);
    const requestIds = new Set(answers.map((a) => a.headers.get("x-request-id")));
    const servedBy = () =>
      new Set(
        fs
          .readFileSync(app.logFile, "utf8")
          .split("\n")
          .filter((l) => l.includes('"msg":"registry gateway call"'))
          .map((l) => JSON.parse(l) as { pid: number; requestId: string })
          .filter((l) => requestIds.has(l.requestId))
          .map((l) => l.pid),
      );
    await waitFor("both processes' gateway calls in the log", () => servedBy().size === 2);
  });

  it("shows the gateway's calls, latency, refusals, circuit and quota on /metrics, no business in any label", async () => {
    const res = await fetch(`${app.url}/metrics`, { headers: { authorization: `Bearer ${TEST_METRICS_TOKEN}` } });
    expect(res.status).toBe(200);
    const gateway = samples(await res.text()).filter((s) => s.name.startsWith("hubi_registry_"));
    expect(sampleSum(gateway, "hubi_registry_calls_total", { outcome: "ok" })).toBeGreaterThan(0);
    expect(sampleSum(gateway, "hubi_registry_call_duration_seconds_count", { outcome: "ok" })).toBeGreaterThan(0);
    // The outage above: verifies its open circuit refused.
    expect(sampleSum(gateway, "hubi_registry_rejections_total", { reason: "circuit_open" })).toBeGreaterThan(0);
    expect(sampleSum(gateway, "hubi_registry_circuit_state", { state: "open" })).toBe(0);
    // The fleet's quota (REGISTRY_MAX_RPS, 20 by default), once however many processes report it.
    expect(sampleSum(gateway, "hubi_registry_quota_max_rps", {})).toBe(20);
    expect(new Set(gateway.flatMap((s) => Object.keys(s.labels)))).toEqual(new Set(["outcome", "reason", "state", "le"]));
  });

  it("logs the gateway's status, latency and request id, never a national ID or a name the registry answered", async () => {
    const lines = fs.readFileSync(app.logFile, "utf8").split("\n");
    const calls = lines.filter((l) => l.includes("registry gateway call")).map((l) => JSON.parse(l));
    expect(calls.length).toBeGreaterThanOrEqual(DEMO_NINS.length);
    expect(calls.at(-1)).toMatchObject({ gatewayStatus: 200, latencyMs: expect.any(Number) });
    // Every demo citizen was looked up above; so were the batches' IDs (prefixed 7).
    const names = DEMO_CITIZENS.flatMap(({ person }) => [person.givenName, person.fatherName, person.grandfatherName, person.familyName]);
    const secrets = [...DEMO_NINS, ...names.filter((n): n is string => !!n && n.length >= 4), "70000000250"];
    expect(secrets.filter((secret) => lines.some((l) => l.includes(secret)))).toEqual([]);
  });
});
