/**
 * The registry gateway adapter against the gateway simulator (real HTTP, real PostgreSQL): the
 * status mapping, what never becomes a result, the shared token and quota, the circuit breaker.
 * Time promises are asserted by structure: the simulator's call counter and its one-second windows.
 */
import { spawn } from "node:child_process";
import http from "node:http";
import type { AddressInfo } from "node:net";
import { register } from "prom-client";
import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";
import { startRegistrySimulator } from "../../registry-simulator/server";
import type { GatewayRecord } from "../../registry-simulator/citizens";
import { DEFAULT_LEVERS } from "../../registry-simulator/levers";
import { gatewayRegistry } from "@/server/registry/gateway/client";
import { postToGateway } from "@/server/registry/gateway/http";
import { freePort } from "../../scripts/lib/free-port";
import { circuitState } from "@/server/registry/gateway/policy";
import { RegistryRecordError, RegistryUnavailableError, type LookupOptions } from "@/server/registry/types";
import { flushFigures, PROCESS_ID, purgeOldGatewayFigures } from "@/server/registry/gateway/figures";
import { getGatewayPanel } from "@/server/registry/get-gateway-panel";
import { pool } from "@/server/db/client";
import { acquireQuota, GrantedSlot, pauseQuota, QUOTA_WINDOW_MS } from "@/server/registry/gateway/quota";
import { verifyCitizen } from "@/server/verifications/verify-citizen";
import type { AppError } from "@/server/errors";
import { requestHash, type IdempotencyRequest } from "@/server/verifications/idempotency";
import { gatewayKey } from "@/server/registry/gateway/gateway-key";
import { forgetCachedToken, gatewayToken, hasFreshToken } from "@/server/registry/gateway/token";
import { createCallerFactory } from "@/server/trpc/init";
import { appRouter } from "@/server/trpc/routers/_app";
import { loadPortalUser } from "@/server/trpc/context";
import { adminContext, memberContext } from "../support/contexts";
import { createTestBusiness } from "../support/factories";
import { waitFor } from "../support/wait-for";
import { balanceOf } from "../support/queries";
import { expectOwnProcess } from "../support/own-database";
import { expectWithinQuota } from "../support/quota-windows";

const MAX_RPS = 8;
const BREAKER_FAULTS = 3;
expectOwnProcess("sets the registry's settings");
const sim = await startRegistrySimulator({ levers: { maxRps: MAX_RPS } });
// Read by the adapter on first use (src/env.ts); this file's process is one of the fleet.
Object.assign(process.env, {
  REGISTRY_SOURCE: "gateway",
  REGISTRY_URL: sim.url,
  REGISTRY_CLIENT_ID: sim.levers.clientId,
  REGISTRY_CLIENT_SECRET: sim.levers.clientSecret,
  REGISTRY_MAX_RPS: String(MAX_RPS),
  // No test here waits on the request timeout; 1 s was too short for the in-process simulator on a
  // loaded machine, whose late answers then opened the circuit in the middle of other tests.
  REGISTRY_TIMEOUT_MS: "5000",
  REGISTRY_BREAKER_FAULTS: String(BREAKER_FAULTS),
  REGISTRY_BREAKER_OPEN_SECONDS: "1",
});
afterAll(() => sim.stop());

const budget = (ms = 15_000) => ({ signal: AbortSignal.timeout(ms) });
const lookup = (nin: string, options: LookupOptions = budget()) => gatewayRegistry.lookup(nin, options);
const failure = (p: Promise<unknown>) => p.then(() => expect.fail("resolved with a result"), (e: unknown) => e);
const lookups = () => sim.counts().lookups;

/** Slots this process reached too late and gave up (each one asked for again): a loaded machine's, counted. */
async function slotsGivenUp(): Promise<number> {
  return (await register.getSingleMetric("hubi_registry_quota_slots_given_up_total")?.get())?.values[0]?.value ?? 0;
}

/** Holds this process's event loop for `ms`, as a loaded process's can be: its timers fire late. */
function holdEventLoop(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until);
}

/** Until no slot has been granted for a window: the next callers' slots start now. */
async function quotaWindowEmpty(): Promise<void> {
  const inWindow = async () =>
    (
      await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM registry_quota_grant WHERE gateway = $1 AND granted_at > now() - make_interval(secs => $2)", [
        gatewayKey(),
        QUOTA_WINDOW_MS / 1000,
      ])
    ).rows[0]!.n;
  await waitFor("the quota window to empty", async () => (await inWindow()) === 0);
}

/** Shows `watch` each statement this process sends (plain or prepared), with its values and result, until the returned stop. */
function watchQueries(watch: (text: string | undefined, values: unknown[] | undefined, result: unknown) => void) {
  const target = pool();
  const query = target.query;
  target.query = function (this: typeof target, ...args: unknown[]) {
    const result = (query as (...a: unknown[]) => unknown).apply(this, args);
    watch(typeof args[0] === "string" ? args[0] : (args[0] as { text?: string } | undefined)?.text, args[1] as unknown[] | undefined, result);
    return result;
  } as typeof query;
  return () => void (target.query = query);
}

/** Counts this process's statements that contain `fragment` until `stop`. */
function countQueries(fragment: string) {
  const texts: string[] = [];
  const stop = watchQueries((text) => {
    if (text?.includes(fragment)) texts.push(text);
  });
  return { count: () => texts.length, texts: () => texts, stop };
}

/** How far ahead of its ask a batch call may take a slot (the quota's `batchEarlyMs`, at most 10 ms). */
const BATCH_EARLY_MS = 10;

/**
 * This process's first interactive ask for quota slots: when its statement had answered, and the
 * latest interactive grant read at that moment (the one it made, when it was granted a slot).
 */
function firstInteractiveAsk() {
  let seen: (ask: { answeredAt: Date; slot: Date | null }) => void;
  const ask = new Promise<{ answeredAt: Date; slot: Date | null }>((resolve) => (seen = resolve));
  let watching = true;
  const stop = watchQueries((text, values, result) => {
    if (!watching || !text?.includes("registry_quota_take_slots") || !values?.includes("interactive")) return;
    watching = false;
    void (result as Promise<unknown>).then(async () => {
      const answeredAt = new Date();
      const { rows } = await pool().query<{ slot: Date | null }>(
        "SELECT max(granted_at) AS slot FROM registry_quota_grant WHERE gateway = $1 AND priority = 'interactive'",
        [gatewayKey()],
      );
      seen({ answeredAt, slot: rows[0]!.slot });
    });
  });
  return { ask, stop };
}

/** The simulator refuses every token it issued so far (invalid_token). */
const revokeTokens = () => fetch(`${sim.url}/__admin/revoke-tokens`, { method: "POST" });

/** The fleet's last token request long past: it may ask for one at once. */
const fleetMayAskNow = () => pool().query("UPDATE registry_gateway SET token_requested_at = now() - interval '1 minute' WHERE gateway = $1", [gatewayKey()]);

/** A token issued now (the fleet's last token request), then refused: the next caller needs a new one, and may ask for it at once. */
async function issueThenRefuseToken() {
  await revokeTokens();
  await fleetMayAskNow();
  expect(await lookup("11111111111")).toMatchObject({ result: "verified" });
  await revokeTokens();
  await fleetMayAskNow();
}

/** As when another process of the fleet saw a 429: nobody calls for `seconds` (0: the pause ends now). */
const pauseFleet = (seconds: number) =>
  pool().query(
    `INSERT INTO registry_gateway (gateway, paused_until) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (gateway) DO UPDATE SET paused_until = excluded.paused_until`,
    [gatewayKey(), seconds],
  );

/**
 * Levers back to normal and the circuit closed again (it half-opens after 1 s and one probe closes it).
 * The token tests let this process ask for a token at once (`fleetMayAskNow`), past the fleet's 6 s
 * between requests that keeps a deployment within the token endpoint's 10 a minute: here that limit
 * would only make a test fail for the token requests of the tests before it.
 */
async function healthy() {
  Object.assign(sim.levers, { ...DEFAULT_LEVERS, maxRps: MAX_RPS, maxTokenRequestsPerMinute: 1_000 });
  await waitFor("the circuit to close", async () => (await lookup("11111111111").catch(() => null))?.result === "verified");
}

beforeEach(healthy);

describe("answers", () => {
  it("maps each gateway status to its result, names in the spec's order", async () => {
    expect(await lookup("11111111111")).toEqual({ result: "verified", citizen: { fullName: "Amina Hassan Abdi", dateOfBirth: "1990-04-12", dateOfIssue: "2019-06-01" } });
    expect(await lookup("10101010101")).toEqual({ result: "verified", citizen: { fullName: "Faadumo Cali Xirsi Warsame", dateOfBirth: "1990-04-12", dateOfIssue: "2024-01-15" } });
    expect(await lookup("33333333333")).toEqual({ result: "expired", citizen: null });
    expect(await lookup("44444444444")).toEqual({ result: "revoked", citizen: null });
    expect(await lookup("12121212121")).toEqual({ result: "deceased", citizen: null });
    expect(await lookup("22222222222")).toEqual({ result: "not_found", citizen: null });
  });

  it("looks a group up in one call, in order, and sends X-Request-ID", async () => {
    const before = sim.counts().batchLookups;
    const matches = await gatewayRegistry.lookupMany(["12121212121", "22222222222", "11111111111"], { ...budget(), requestId: "batch-7.3" });
    expect(matches.map((m) => m.result)).toEqual(["deceased", "not_found", "verified"]);
    expect(sim.counts().batchLookups).toBe(before + 1);
    expect(sim.counts().requestIds.at(-1)).toBe("batch-7.3");
  });

  it("makes a 400 or an unknown status the fault of that one record: not a result, not retried, not against health", async () => {
    const suspended: GatewayRecord = { nin: "98765432109", status: "SUSPENDED", person: { givenName: "Asha", fatherName: "Ali", grandfatherName: "Nur", familyName: null, dateOfBirth: "1999-09-09", sex: "F" }, card: { serialNumber: "SO9", issueDate: "2020-01-01", expiryDate: "2030-01-01" } };
    await fetch(`${sim.url}/__admin/citizens`, { method: "PUT", body: JSON.stringify([suspended]) });
    sim.levers.badRequestNins = ["98765432100"];
    const before = lookups();
    for (let i = 0; i <= BREAKER_FAULTS; i++) {
      expect(await failure(lookup("98765432109"))).toBeInstanceOf(RegistryRecordError);
      expect(await failure(lookup("98765432100"))).toBeInstanceOf(RegistryRecordError);
    }
    expect(lookups() - before).toBe(2 * (BREAKER_FAULTS + 1));
    expect(circuitState()).toBe("closed");
    const group = (await failure(gatewayRegistry.lookupMany(["11111111111", "98765432109", "44444444444"], budget()))) as RegistryRecordError;
    expect(group).toBeInstanceOf(RegistryRecordError);
    expect(group.faulty).toEqual([1]);
    expect(group.matches.map((m) => m?.result)).toEqual(["verified", undefined, "revoked"]);
  });

  it("halves a group the gateway refuses with a 400 until the refused NIN stands alone: the others get their results", async () => {
    sim.levers.badRequestNins = ["98765432100"];
    const before = sim.counts().batchLookups;
    const ids = ["11111111111", "98765432100", "44444444444", "12121212121", "22222222222"];
    const group = (await failure(gatewayRegistry.lookupMany(ids, { ...budget(), requestId: "batch-9.1" }))) as RegistryRecordError;
    expect(group).toBeInstanceOf(RegistryRecordError);
    expect(group.faulty).toEqual([1]);
    expect(group.matches.map((m) => m?.result)).toEqual(["verified", undefined, "revoked", "deceased", "not_found"]);
    // 5 refused → 3 refused + 2 → 2 refused + 1 → 1 + 1 refused: seven calls, each named after its half.
    const requestIds = sim.counts().requestIds.slice(-7).sort();
    expect(sim.counts().batchLookups - before).toBe(7);
    expect(requestIds).toEqual(["batch-9.1", "batch-9.1-1", "batch-9.1-1-1", "batch-9.1-1-1-1", "batch-9.1-1-1-2", "batch-9.1-1-2", "batch-9.1-2"]);
    expect(circuitState()).toBe("closed");
  });

  it("stops halving a group whose every NIN is refused at room for two refused NINs, not one call per NIN", async () => {
    const ids = Array.from({ length: 16 }, (_, i) => `9876543${String(2000 + i)}`);
    sim.levers.badRequestNins = ids;
    const before = sim.counts().batchLookups;
    const group = (await failure(gatewayRegistry.lookupMany(ids, budget()))) as RegistryRecordError;
    expect(group.faulty).toEqual(ids.map((_, i) => i));
    // The group's call and 4·log2(16) = 16 more, where halving to single NINs would take 30.
    expect(sim.counts().batchLookups - before).toBe(17);
  });

  it.each(["truncated", "missing_field", "wrong_type", "oversized", "oversized_chunked"] as const)("never verifies on a %s body", async (malformed) => {
    sim.levers.malformed = malformed;
    const error = await failure(lookup("11111111111"));
    expect(error).toBeInstanceOf(RegistryUnavailableError);
    expect((error as RegistryUnavailableError).reason).toBe("upstream");
  });

  it("never takes a group answer out of order", async () => {
    sim.levers.malformed = "wrong_order";
    expect(await failure(gatewayRegistry.lookupMany(["11111111111", "22222222222"], budget()))).toBeInstanceOf(RegistryUnavailableError);
  });
});

describe("a gateway fault", () => {
  const verifyOnce = async () => {
    const biz = await createTestBusiness({ live: true, credits: 1 });
    const before = lookups();
    const verify = verifyCitizen(memberContext(biz), { businessId: biz.businessId, mode: "live", channel: "api", nationalId: "11111111111" });
    await expect(verify).rejects.toMatchObject({ code: "REGISTRY_UNAVAILABLE" });
    expect(await balanceOf(biz.businessId)).toBe(1);
    return lookups() - before;
  };

  it("is retried once for a verify, not more, and the verify is a free 503", async () => {
    Object.assign(sim.levers, { status: 502, retryAfterSeconds: 0 });
    expect(await verifyOnce()).toBe(2);
  });

  it("is not retried when the gateway said when to come back: a 503's Retry-After", async () => {
    Object.assign(sim.levers, { status: 503, retryAfterSeconds: 2 });
    expect(await verifyOnce()).toBe(1);
  });
});

describe("the circuit breaker", () => {
  it("opens on an outage, then rejects at once without calling the gateway", async () => {
    sim.levers.status = 503;
    for (let i = 0; i < BREAKER_FAULTS && circuitState() !== "open"; i++) await failure(lookup("11111111111"));
    expect(circuitState()).toBe("open");
    const before = lookups();
    const rejections = await Promise.all(Array.from({ length: 10 }, () => failure(lookup("11111111111"))));
    expect(rejections.map((e) => (e as RegistryUnavailableError).reason)).toEqual(Array(10).fill("circuit_open"));
    expect(lookups()).toBe(before);
  });

  it("shows businesses the registry degraded banner while its circuit is open, from the state it publishes", async () => {
    const biz = await createTestBusiness();
    const user = await loadPortalUser(biz.userId);
    const portal = createCallerFactory(appRouter)({ user, membership: user?.memberships[0], mode: "live", requestId: "req_registry_banner" });
    const published = async () => (await pool().query("SELECT state FROM registry_breaker WHERE process_id = $1", [PROCESS_ID])).rows[0]?.state;
    // The banner counts an open circuit until its probe is due: 5 s, the 503's Retry-After.
    Object.assign(sim.levers, { status: 503, retryAfterSeconds: 5 });
    await waitFor("the circuit to open", async () => (await failure(lookup("11111111111")), circuitState() === "open"));
    await flushFigures();
    expect(await published()).toBe("open");
    expect(await portal.business.registryHealth()).toEqual({ state: "degraded" });
    sim.levers.status = 0;
    await healthy();
    await flushFigures();
    // Other processes of this run may publish their own circuits: this one's is closed again.
    expect(await published()).toBe("closed");
  });

  it("keeps open for the Retry-After of the fault that opened it, when longer than its open time, and tells the callers it refuses", async () => {
    Object.assign(sim.levers, { status: 503, retryAfterSeconds: 3 });
    let openingCallAt = 0;
    await waitFor("the circuit to open", async () => {
      openingCallAt = Date.now();
      await failure(lookup("11111111111"));
      return circuitState() === "open";
    });
    // Not the open time's 1 s: the 3 s the gateway asked for.
    const refused = (await failure(lookup("11111111111"))) as RegistryUnavailableError;
    expect(refused.reason).toBe("circuit_open");
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(2);
    const before = lookups();
    await waitFor("a probe", async () => (await failure(lookup("11111111111")), lookups() > before));
    expect(Date.now() - openingCallAt).toBeGreaterThanOrEqual(3_000);
  });

  it("stops counting for the degraded banner, and shows in the panel as testing recovery, once its probe is due without a call", async () => {
    // Signed in before the circuit opens: its 5 s must not go on the sign-in's hashing.
    const admin = await adminContext();
    Object.assign(sim.levers, { status: 503, retryAfterSeconds: 5 });
    await waitFor("the circuit to open", async () => (await failure(lookup("11111111111")), circuitState() === "open"));
    await flushFigures();
    const counted = async () =>
      (await pool().query("SELECT 1 FROM registry_breaker WHERE process_id = $1 AND state = 'open' AND refusing_until > now()", [PROCESS_ID])).rowCount === 1;
    expect(await counted()).toBe(true);
    const before = lookups();
    // The time it published passes with the 503's Retry-After (5 s): no call is needed, nor another publication.
    expect((await getGatewayPanel(admin)).processes.find((p) => p.processId === PROCESS_ID)?.state).toBe("open");
    await waitFor("the published circuit to stop counting", async () => !(await counted()));
    expect(circuitState()).toBe("open");
    expect(lookups()).toBe(before);
    // The admin panel shows it as letting its probe through, not as refusing calls.
    expect((await getGatewayPanel(admin)).processes.find((p) => p.processId === PROCESS_ID)?.state).toBe("half_open");
  });

  it("sends one probe when the open time has passed, and recovers by itself", async () => {
    sim.levers.status = 503;
    await waitFor("the circuit to open", async () => (await failure(lookup("11111111111")), circuitState() === "open"));
    // Still down: each round of concurrent lookups makes no call until the open time passes, then exactly one.
    const calls = await waitFor("a probe", async () => {
      const before = lookups();
      await Promise.all(Array.from({ length: 5 }, () => failure(lookup("11111111111"))));
      return lookups() - before;
    });
    expect(calls).toBe(1);
    sim.levers.status = 0;
    await waitFor("recovery", async () => (await lookup("11111111111").catch(() => null))?.result === "verified");
    expect(circuitState()).toBe("closed");
  });

  it("refuses everyone else at once while its probe waits on a hung gateway, making no call for them", async () => {
    sim.levers.status = 503;
    await waitFor("the circuit to open", async () => (await failure(lookup("11111111111")), circuitState() === "open"));
    Object.assign(sim.levers, { status: 0, hang: true });
    const release = () => fetch(`${sim.url}/__admin/levers`, { method: "PATCH", body: JSON.stringify({ hang: false }) });
    try {
      // Past the open time, a lookup becomes the probe; the gateway holds it.
      const callsBefore = lookups();
      const probe = await waitFor("a probe", async () => {
        const attempt = failure(lookup("11111111111"));
        await new Promise((resolve) => setImmediate(resolve));
        if (circuitState() === "half_open") return { attempt };
        expect(((await attempt) as RegistryUnavailableError).reason).toBe("circuit_open");
        return null;
      });
      await waitFor("the probe held at the gateway", () => sim.held() === 1);
      const others = await Promise.all(Array.from({ length: 5 }, () => failure(lookup("11111111111"))));
      expect(others.map((e) => (e as RegistryUnavailableError).reason)).toEqual(Array(5).fill("circuit_open"));
      // Refused while the probe is still out (cockatiel alone would make them wait for its end), with no call of their own.
      expect(circuitState()).toBe("half_open");
      expect(lookups()).toBe(callsBefore + 1);
      // Released, the held probe is answered 504: a fault, and the circuit opens again.
      await release();
      expect(await probe.attempt).toBeInstanceOf(RegistryUnavailableError);
      expect(circuitState()).toBe("open");
    } finally {
      await release();
    }
  });

  it("stays open when its probe cannot be sent for want of quota: the gateway's health is still unknown", async () => {
    sim.levers.status = 503;
    await waitFor("the circuit to open", async () => (await failure(lookup("11111111111")), circuitState() === "open"));
    await pauseFleet(10);
    try {
      // Past the open time, the probe's caller waits for quota until its budget ends.
      const probe = await waitFor("a probe", async () => {
        const error = (await failure(lookup("11111111111", budget(300)))) as RegistryUnavailableError;
        return error.reason === "circuit_open" ? null : error;
      });
      expect(probe.reason).toBe("quota");
      expect(circuitState()).toBe("open");
    } finally {
      await pauseFleet(0);
    }
  });

  it("closes once its probe is answered, even by a 429 that leaves no time to ask again: the gateway is up", async () => {
    sim.levers.status = 503;
    await waitFor("the circuit to open", async () => (await failure(lookup("11111111111")), circuitState() === "open"));
    Object.assign(sim.levers, { status: 429, retryAfterSeconds: 10 });
    try {
      // Past the open time, the probe is answered 429; the fleet then pauses for longer than its budget.
      const probe = await waitFor("a probe", async () => {
        // A budget that holds a slot, the call and its answer on a loaded machine, and is still shorter than the 10 s pause.
        const error = (await failure(lookup("11111111111", budget(1500)))) as RegistryUnavailableError;
        return error.reason === "circuit_open" ? null : error;
      });
      expect(probe.reason).not.toBe("circuit_open");
      expect(circuitState()).toBe("closed");
    } finally {
      await pauseFleet(0);
    }
  });
});

describe("token and quota shared by the fleet", () => {
  it("replaces a token the gateway no longer accepts with one request, however many callers hit it", async () => {
    await revokeTokens();
    const before = sim.counts().tokenRequests;
    const results = await Promise.all(Array.from({ length: 6 }, () => lookup("11111111111")));
    expect(results.every((r) => r.result === "verified")).toBe(true);
    expect(sim.counts().tokenRequests - before).toBe(1);
  });

  it("sends a token the gateway refused no more while its replacement is under way", async () => {
    // A token that lives long after its refusal: only the refusal can stop callers sending it.
    sim.levers.tokenLifetimeSeconds = 300;
    // Its replacement takes 3 s to come.
    await issueThenRefuseToken();
    sim.levers.tokenLatencyMs = 3_000;
    const before = sim.counts().tokensRefused;
    const tokenStatements = countQueries("token_requested_at = now()");
    try {
      const first = lookup("11111111111");
      await waitFor("the refused token to be marked expired", async () => {
        const { rows } = await pool().query<{ expired: boolean }>("SELECT token_expires_at <= now() AS expired FROM registry_gateway WHERE gateway = $1", [gatewayKey()]);
        return rows[0]?.expired;
      });
      const results = await Promise.all([first, ...Array.from({ length: 3 }, () => lookup("11111111111"))]);
      expect(results.map((r) => r.result)).toEqual(["verified", "verified", "verified", "verified"]);
    } finally {
      tokenStatements.stop();
      sim.levers.tokenLatencyMs = 0;
    }
    // The first caller's refusal only: the others waited for the new token instead of sending the refused one.
    expect(sim.counts().tokensRefused - before).toBe(1);
    // And they waited together, in the first caller's wait: no caller of its own asked the row every 50 ms for 3 s.
    expect(tokenStatements.count()).toBeLessThanOrEqual(3);
  });

  it("finishes a token request that outlasts the caller who made it, for the callers after", async () => {
    await revokeTokens();
    await fleetMayAskNow();
    sim.levers.tokenLatencyMs = 800;
    const before = sim.counts().tokenRequests;
    // Its caller's budget ends while the token request is under way.
    await failure(lookup("11111111111", budget(300)));
    // The next caller finds the token that request brought, well before the fleet could ask again (6 s).
    expect(await lookup("11111111111", budget(4_000))).toMatchObject({ result: "verified" });
    expect(sim.counts().tokenRequests - before).toBe(1);
  });

  it("keeps calling with the still-valid token while this process fetches its replacement", async () => {
    // A token issued now: it lives 300 s.
    await revokeTokens();
    await fleetMayAskNow();
    expect(await lookup("11111111111")).toMatchObject({ result: "verified" });
    // The stored token past its refresh point, valid for minutes more; this process reads the row
    // again, wins the refresh, and the token endpoint takes 3 s to answer.
    await pool().query("UPDATE registry_gateway SET token_refresh_at = now() WHERE gateway = $1", [gatewayKey()]);
    await fleetMayAskNow();
    forgetCachedToken();
    sim.levers.tokenLatencyMs = 3_000;
    const before = sim.counts().tokenRequests;
    try {
      // Within a budget shorter than the token request: none of these waits for it.
      const results = await Promise.all(Array.from({ length: 3 }, () => lookup("11111111111", budget(1_500))));
      expect(results.map((r) => r.result)).toEqual(["verified", "verified", "verified"]);
      expect(sim.counts().tokenRequests - before).toBe(1);
      await waitFor("the new token to be stored", async () => {
        const { rows } = await pool().query<{ due: boolean }>("SELECT token_refresh_at <= now() AS due FROM registry_gateway WHERE gateway = $1", [gatewayKey()]);
        return rows[0]?.due === false;
      });
    } finally {
      sim.levers.tokenLatencyMs = 0;
    }
    expect(await lookup("11111111111")).toMatchObject({ result: "verified" });
    expect(sim.counts().tokenRequests - before).toBe(1);
  });

  it("sends a batch call, after its wait for quota, the token this process holds then", async () => {
    await revokeTokens();
    await fleetMayAskNow();
    expect(await lookup("11111111111")).toMatchObject({ result: "verified" });
    // The fleet paused by a 429: the batch call takes its token, then waits for quota.
    await pauseFleet(4);
    const before = sim.counts().tokensRefused;
    const waiting = gatewayRegistry.lookupMany(["44444444444"], { ...budget(), priority: "batch" });
    try {
      // Meanwhile the gateway stops accepting that token, and this process fetches another.
      await revokeTokens();
      await pool().query("UPDATE registry_gateway SET token_refresh_at = now() WHERE gateway = $1", [gatewayKey()]);
      await fleetMayAskNow();
      forgetCachedToken();
      await gatewayToken(AbortSignal.timeout(5_000));
      await waitFor("the new token to be stored", async () => {
        const { rows } = await pool().query<{ due: boolean }>("SELECT token_refresh_at <= now() AS due FROM registry_gateway WHERE gateway = $1", [gatewayKey()]);
        return rows[0]?.due === false;
      });
      expect(await waiting).toEqual([{ result: "revoked", citizen: null }]);
      // Sent with the new token: the refused one would have cost a call (and a quota slot) first.
      expect(sim.counts().tokensRefused - before).toBe(0);
    } finally {
      await waiting.catch(() => {});
      await pauseFleet(0);
    }
  });

  it("renews a token that expires mid-run once for all its callers, and no lookup fails", async () => {
    sim.levers.tokenLifetimeSeconds = 8;
    // The refused token is replaced by one that lives 8 s.
    await revokeTokens();
    expect(await lookup("11111111111")).toMatchObject({ result: "verified" });
    const before = sim.counts().tokenRequests;
    const until = Date.now() + 9_000;
    const answers: string[] = [];
    // Four callers, one lookup after another, for longer than that token lives.
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (Date.now() < until) answers.push((await lookup("11111111111").catch((e: unknown) => e as Error)).constructor.name);
      }),
    );
    expect(answers.length).toBeGreaterThan(MAX_RPS);
    expect(new Set(answers)).toEqual(new Set(["Object"]));
    // One renewal, not one per caller (the gateway allows 10 token requests a minute).
    expect(sim.counts().tokenRequests - before).toBe(1);
  }, 60_000);

  it("asks the token endpoint nothing before the Retry-After of its 429", async () => {
    await issueThenRefuseToken();
    // The token endpoint now answers 429, asking for 30 s.
    Object.assign(sim.levers, { tokenStatus: 429, retryAfterSeconds: 30 });
    const before = sim.counts().tokenRequests;
    try {
      await failure(lookup("11111111111", budget(2_000)));
      expect(sim.counts().tokenRequests - before).toBe(1);
      // Past the fleet's 6 s between token requests, not past the 429's Retry-After (up to a minute).
      await fleetMayAskNow();
      await failure(lookup("11111111111", budget(1_000)));
      expect(sim.counts().tokenRequests - before).toBe(1);
    } finally {
      await pool().query("UPDATE registry_gateway SET refresh_claimed_until = NULL WHERE gateway = $1", [gatewayKey()]);
    }
  });

  it("keeps the token's times by the database's clock, for processes whose own clocks run ten minutes ahead", async () => {
    const timesLeft = async () =>
      (
        await pool().query<{ refresh: number; expiry: number }>(
          "SELECT extract(epoch FROM token_refresh_at - now())::float8 AS refresh, extract(epoch FROM token_expires_at - now())::float8 AS expiry FROM registry_gateway WHERE gateway = $1",
          [gatewayKey()],
        )
      ).rows[0]!;
    // The stored token due for refresh, and the fleet free to ask for one.
    await pool().query(
      "UPDATE registry_gateway SET token_refresh_at = now(), token_expires_at = now(), token_requested_at = now() - interval '1 minute' WHERE gateway = $1",
      [gatewayKey()],
    );
    forgetCachedToken();
    const realNow = Date.now.bind(Date);
    vi.spyOn(Date, "now").mockImplementation(() => realNow() + 600_000);
    try {
      // This process fetches the new token (the simulator's tokens live 300 s).
      const token = await gatewayToken(AbortSignal.timeout(10_000));
      const stored = await timesLeft();
      expect(stored.refresh).toBeGreaterThan(200);
      expect(stored.refresh).toBeLessThanOrEqual(240);
      expect(stored.expiry).toBeGreaterThan(260);
      expect(stored.expiry).toBeLessThanOrEqual(300);
      // Another process, as fast, takes the stored token as the valid one it is, at once, and keeps it.
      forgetCachedToken();
      const requests = sim.counts().tokenRequests;
      expect(await gatewayToken(AbortSignal.timeout(5_000))).toBe(token);
      expect(hasFreshToken()).toBe(true);
      expect(sim.counts().tokenRequests).toBe(requests);
    } finally {
      vi.restoreAllMocks();
      forgetCachedToken();
    }
  });

  it("honours a 429's Retry-After for every caller", async () => {
    sim.levers.maxRps = 2;
    sim.levers.retryAfterSeconds = 1;
    const before = sim.counts().rateLimited;
    const results = await Promise.all(Array.from({ length: 6 }, () => lookup("11111111111")));
    expect(results.every((r) => r.result === "verified")).toBe(true);
    // Every 429 pauses the fleet for a second: only calls already granted meet the next ones
    // (about 6; a client that ignores Retry-After collects dozens).
    expect(sim.counts().rateLimited - before).toBeLessThanOrEqual(12);
  });

  it("pauses the fleet for at least a second on a 429 whose Retry-After is 0 or a fraction", async () => {
    for (const retryAfter of [0, 0.2]) {
      await pauseFleet(0);
      await pauseQuota(retryAfter);
      const { rows } = await pool().query<{ ms: number }>(
        "SELECT extract(epoch FROM paused_until - now())::float8 * 1000 AS ms FROM registry_gateway WHERE gateway = $1",
        [gatewayKey()],
      );
      expect(rows[0]!.ms).toBeGreaterThan(900);
    }
    await pauseFleet(0);
  });

  it("lets a batch call wait out a 429's pause with few statements, whether this process or another saw it", async () => {
    for (const pause of [() => pauseQuota(1), () => pauseFleet(1)]) {
      await pause();
      const statements = countQueries("registry_quota_take_slots");
      try {
        const [match] = await gatewayRegistry.lookupMany(["44444444444"], { ...budget(), priority: "batch" });
        expect(match!.result).toBe("revoked");
        // Seen here: none until the pause ends, then one (two if the fleet's row ends a moment
        // later). Seen by another: one, one a little before the end, the last few ms waited
        // whole, one. Asking again every millisecond near the end made a dozen.
        expect(statements.count()).toBeLessThanOrEqual(4);
      } finally {
        statements.stop();
      }
    }
  });

  it("keeps two processes together under REGISTRY_MAX_RPS in every one-second window", async () => {
    await fetch(`${sim.url}/__admin/reset`, { method: "POST" });
    const other = new Promise<{ verified: number }>((resolve, reject) => {
      const child = spawn(process.execPath, ["--import", "tsx", "test/support/gateway-caller.ts", "20", "11111111111"], { env: process.env, stdio: ["ignore", "pipe", "inherit"] });
      let out = "";
      child.stdout!.on("data", (c: Buffer) => (out += c.toString()));
      child.once("exit", (code) => (code === 0 ? resolve(JSON.parse(out.trim().split("\n").at(-1)!)) : reject(new Error(`caller exited ${code}`))));
    });
    const ours = await Promise.all(Array.from({ length: 20 }, () => lookup("11111111111", budget(30_000))));
    expect((await other).verified).toBe(20);
    expect(ours.every((r) => r.result === "verified")).toBe(true);
    const windows = Object.values(sim.counts().lookupsPerSecond);
    // 40 lookups, and perhaps a retry of one whose connection was reset or refused.
    expect(windows.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(40);
    expectWithinQuota(sim.counts(), MAX_RPS);
  }, 60_000);

  it("takes slots for interactive lookups that wait together in one statement, paced all the same", async () => {
    await quotaWindowEmpty();
    await fetch(`${sim.url}/__admin/reset`, { method: "POST" });
    const givenUpAtStart = await slotsGivenUp();
    const statements = countQueries("registry_quota_take_slots");
    try {
      const results = await Promise.all(Array.from({ length: 12 }, () => lookup("11111111111", budget(30_000))));
      expect(results.every((r) => r.result === "verified")).toBe(true);
    } finally {
      statements.stop();
    }
    // A slot every 131 ms (8 a second) and slots up to a quarter of the window ahead: three slots a
    // statement, and one more statement after the window's eight. One statement a lookup is 12.
    // A slot reached too late on a loaded machine is given up and asked for again, in a statement of its own.
    expect(statements.count()).toBeLessThanOrEqual(6 + (await slotsGivenUp()) - givenUpAtStart);
    expectWithinQuota(sim.counts(), MAX_RPS);
  }, 60_000);

  it("takes a lone verify's slot in its admission statement, and none for a verify it refuses", async () => {
    const biz = await createTestBusiness({ live: true, credits: 2 });
    const ctx = memberContext(biz);
    const nationalId = "11111111111";
    const verify = (idempotency?: IdempotencyRequest) => verifyCitizen(ctx, { businessId: biz.businessId, mode: "live", channel: "api", nationalId, idempotency });
    const keyed: IdempotencyRequest = { scope: { businessId: biz.businessId, mode: "live", key: "order-7421" }, hash: requestHash({ nationalId }) };
    const lastGrant = async () =>
      (await pool().query<{ at: Date | null }>("SELECT max(granted_at) AS at FROM registry_quota_grant WHERE gateway = $1", [gatewayKey()])).rows[0]!.at;
    const grantsSince = async (at: Date | null) =>
      (await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM registry_quota_grant WHERE gateway = $1 AND granted_at > coalesce($2::timestamptz, '-infinity')", [gatewayKey(), at]))
        .rows[0]!.n;
    // A slot this process reached too late (a loaded machine) is given up and asked for again, by design:
    // each such re-ask is one more grant and one more statement of its own, and is counted.
    const givenUpAtStart = await slotsGivenUp();
    const quotaStatements = countQueries("registry_quota_take_slots");
    try {
      let mark = await lastGrant();
      let late = await slotsGivenUp();
      expect((await verify(keyed)).body.data.result).toBe("verified");
      expect(await grantsSince(mark)).toBe(1 + (await slotsGivenUp()) - late);
      mark = await lastGrant();
      late = await slotsGivenUp();
      expect((await verify(keyed)).replayed).toBe(true);
      expect((await verify()).body.data.result).toBe("verified");
      expect(await grantsSince(mark)).toBe(1 + (await slotsGivenUp()) - late);
      mark = await lastGrant();
      await expect(verify()).rejects.toMatchObject({ code: "INSUFFICIENT_CREDITS" });
      expect(await grantsSince(mark)).toBe(0);
    } finally {
      quotaStatements.stop();
    }
    // Each slot came with its admission: no statement asked for one on its own, but to replace a slot given up.
    const reasked = (await slotsGivenUp()) - givenUpAtStart;
    expect(quotaStatements.texts().filter((text) => text.includes("admitted"))).toHaveLength(4);
    expect(quotaStatements.count()).toBe(4 + reasked);
  });

  it("lets one admission at a time take a slot, and verifies admitted together ask together", async () => {
    const biz = await createTestBusiness({ live: true, credits: 4 });
    const ctx = memberContext(biz);
    const quotaStatements = countQueries("registry_quota_take_slots");
    try {
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => verifyCitizen(ctx, { businessId: biz.businessId, mode: "live", channel: "api", nationalId: "11111111111" })),
      );
      expect(answers.map((a) => a.body.data.result)).toEqual(["verified", "verified", "verified", "verified"]);
    } finally {
      quotaStatements.stop();
    }
    // Admissions queued on the quota's lock one behind another would undo what asking together saves under load.
    expect(quotaStatements.texts().filter((text) => text.includes("admitted"))).toHaveLength(1);
    expect(quotaStatements.texts().filter((text) => !text.includes("admitted")).length).toBeGreaterThanOrEqual(1);
  });

  it("uses a slot granted ahead once, and gives it up when it is used too late", async () => {
    const onTime = new GrantedSlot(0);
    expect(onTime.take()).toBe(0);
    expect(onTime.take()).toBeNull();
    expect(new GrantedSlot(60_000).take()).toBeGreaterThan(59_000);
    const before = await slotsGivenUp();
    expect(new GrantedSlot(-1_000).take()).toBeNull();
    expect(await slotsGivenUp()).toBe(before + 1);
    // Taken on time, but its wait's timer reached too late (this process's event loop held past it):
    // given up as well, and the caller asks for a slot with the others.
    const waited = acquireQuota("interactive", AbortSignal.timeout(15_000), new GrantedSlot(100));
    holdEventLoop(300);
    await waited;
    expect(await slotsGivenUp()).toBe(before + 2);
  });

  it("gives up a slot taken together with others that its timer reached too late, once: a process whose timers are always late still calls", async () => {
    await quotaWindowEmpty();
    const before = await slotsGivenUp();
    // Each slot this process is granted ahead, it reaches 30 ms late: its event loop is held past it.
    const stop = watchQueries((text, _values, result) => {
      if (!text?.includes("registry_quota_take_slots")) return;
      void (result as Promise<{ rows: { slots_ms: number[] }[] }>).then(({ rows }) => {
        const last = Math.max(0, ...(rows[0]?.slots_ms ?? []));
        if (last > 0) setImmediate(() => holdEventLoop(last + 30));
      }, () => {});
    });
    try {
      // Two callers ask in one statement: the first slot is due at once, the second a spacing later.
      const signal = AbortSignal.timeout(15_000);
      await Promise.all([acquireQuota("interactive", signal), acquireQuota("interactive", signal)]);
    } finally {
      stop();
    }
    expect(await slotsGivenUp()).toBe(before + 1);
  });

  it("lets an interactive lookup go ahead of batch calls already waiting for quota", async () => {
    // Hubi's own pacing is under test: the gateway's quota above it, so that no 429 pauses the callers.
    sim.levers.maxRps = 2 * MAX_RPS;
    const before = lookups();
    let batchDone = 0;
    // Enough that some still wait when the lookup ends, however long its statements take on a loaded machine.
    const BATCH_CALLS = 30;
    const batchCalls = Array.from({ length: BATCH_CALLS }, () =>
      gatewayRegistry.lookupMany(["44444444444"], { ...budget(30_000), priority: "batch" }).then((m) => (batchDone++, m)),
    );
    // Past the first window, so that no earlier interactive grant still reserves a slot.
    await waitFor("batch calls to take every slot", async () => lookups() - before >= MAX_RPS + 2);
    const asking = new Date();
    const firstAsk = firstInteractiveAsk();
    try {
      // Whether it went ahead is read from the grants below, not from the clock: a roomy budget.
      expect(await lookup("11111111111", budget(10_000))).toMatchObject({ result: "verified" });
    } finally {
      firstAsk.stop();
    }
    expect(batchDone).toBeLessThan(BATCH_CALLS);
    // By structure, in the quota's own record of grants. The lookup's first ask got a slot: the
    // quota was busy, but its next slot lay within an interactive caller's reach. No batch call got
    // a slot after that ask had its answer and before the lookup's (slots a batch call took before
    // lie at most BATCH_EARLY_MS ahead of its ask). Batch calls granted while the ask was on its
    // way, late on a loaded machine, came before it and do not count.
    const { answeredAt, slot } = await firstAsk.ask;
    expect(slot).not.toBeNull();
    expect(slot!.getTime()).toBeGreaterThanOrEqual(asking.getTime());
    const { rows } = await pool().query<{ n: number }>(
      "SELECT count(*)::int AS n FROM registry_quota_grant WHERE gateway = $1 AND priority = 'batch' AND granted_at > $2 AND granted_at < $3",
      [gatewayKey(), new Date(answeredAt.getTime() + BATCH_EARLY_MS), slot],
    );
    expect(rows[0]!.n).toBe(0);
    expect((await Promise.all(batchCalls)).every(([m]) => m!.result === "revoked")).toBe(true);
  });

  it("answers quota, without waiting longer, when no quota frees up within the caller's budget", async () => {
    const settled = await Promise.allSettled(Array.from({ length: 3 * MAX_RPS }, () => lookup("11111111111", budget(300))));
    // Those that got quota may still run out of budget on a loaded machine (a timeout); those that
    // did not are told so as soon as their budget ends.
    const reasons = settled.flatMap((s) => (s.status === "rejected" ? [(s.reason as RegistryUnavailableError).reason] : []));
    expect(reasons).toContain("quota");
  });
});

describe("a verify that gets no quota", () => {
  it("is a free 503 that charges nothing and waits for no slot while another process's 429 outlasts its budget; its key is free for the retry", async () => {
    const biz = await createTestBusiness({ live: true, credits: 1 });
    const nationalId = "11111111111";
    const idempotency: IdempotencyRequest = { scope: { businessId: biz.businessId, mode: "live", key: "order-8810" }, hash: requestHash({ nationalId }) };
    const verify = (respondAsync: boolean) =>
      verifyCitizen(memberContext(biz), { businessId: biz.businessId, mode: "live", channel: "api", nationalId, idempotency, respondAsync });
    const ledgerLines = async () => (await pool().query("SELECT 1 FROM credit_ledger_entry WHERE business_id = $1", [biz.businessId])).rowCount;
    const linesBefore = await ledgerLines();
    // Another process saw a 429: nobody in the fleet calls for far longer than the 202's budget (1.5 s).
    // This process knows of it only from the fleet's row, which the admission reads.
    await pauseFleet(10);
    const slotsAsked = countQueries("registry_quota_take_slots");
    try {
      const refused = (await failure(verify(true))) as AppError;
      expect(refused).toMatchObject({ code: "REGISTRY_UNAVAILABLE" });
      // Retry-After: when the pause ends.
      expect(Number(refused.options.headers?.["Retry-After"])).toBeGreaterThanOrEqual(9);
    } finally {
      slotsAsked.stop();
      await pauseFleet(0);
    }
    // No ask for a slot but the one an admission names (taken only once admitted): no wait in the queue.
    expect(slotsAsked.texts().filter((text) => !text.includes("admitted AS"))).toEqual([]);
    expect(await ledgerLines()).toBe(linesBefore);
    expect(await balanceOf(biz.businessId)).toBe(1);
    expect((await pool().query("SELECT 1 FROM verification WHERE business_id = $1", [biz.businessId])).rowCount).toBe(0);
    expect((await pool().query("SELECT 1 FROM pending_lookup WHERE business_id = $1", [biz.businessId])).rowCount).toBe(0);
    // The retry waits for the final answer (no 202 on a loaded machine): what matters is the one charge.
    const retried = await verify(false);
    expect(retried.body.data.result).toBe("verified");
    expect(await balanceOf(biz.businessId)).toBe(0);
  });
});

describe("a lookup that goes on past its verify", () => {
  it("gives up at its give-up time by the database's clock, in a process whose own clock runs a minute behind", async () => {
    const biz = await createTestBusiness({ live: true, credits: 1 });
    const lookupState = async (id: string) => (await pool().query<{ state: string }>("SELECT state FROM pending_lookup WHERE id = $1 AND lease_id IS NULL", [id])).rows[0]?.state;
    sim.levers.hang = true;
    const realNow = Date.now.bind(Date);
    let id: string;
    try {
      const res = await verifyCitizen(memberContext(biz), { businessId: biz.businessId, mode: "live", channel: "api", nationalId: "11111111111", respondAsync: true });
      expect(res.status).toBe(202);
      id = res.body.data.id;
      // The call it made is held here; its give-up time has come, as the database tells time.
      await pool().query("UPDATE pending_lookup SET give_up_at = now() - interval '1 second' WHERE id = $1", [id]);
      vi.spyOn(Date, "now").mockImplementation(() => realNow() - 60_000);
    } finally {
      // The held call answered 504, its one retry 503: the attempt fails, and it was the last.
      await fetch(`${sim.url}/__admin/levers`, { method: "PATCH", body: JSON.stringify({ hang: false, status: 503 }) });
    }
    try {
      expect(await waitFor("the attempt to settle", () => lookupState(id))).toBe("unavailable");
    } finally {
      vi.restoreAllMocks();
      await healthy();
    }
    expect(await balanceOf(biz.businessId)).toBe(1);
  });
});

describe("what operators see", () => {
  it("records a call the gateway never answered with the time it waited, not as an instant one", async () => {
    const faultSeconds = async () =>
      ((await register.getSingleMetric("hubi_registry_call_duration_seconds")!.get()).values as { metricName?: string; labels: { outcome?: string }; value: number }[]).find(
        (v) => v.metricName === "hubi_registry_call_duration_seconds_sum" && v.labels.outcome === "fault",
      )?.value ?? 0;
    const before = await faultSeconds();
    sim.levers.hang = true;
    try {
      // The caller's budget ends 300 ms after the gateway took the call, however long the token and the slot took before it.
      const caller = new AbortController();
      const held = failure(lookup("11111111111", { signal: caller.signal }));
      await waitFor("the call held at the gateway", () => sim.held() === 1);
      setTimeout(() => caller.abort(), 300);
      expect(((await held) as RegistryUnavailableError).reason).toBe("timeout");
    } finally {
      await fetch(`${sim.url}/__admin/levers`, { method: "PATCH", body: JSON.stringify({ hang: false }) });
    }
    expect((await faultSeconds()) - before).toBeGreaterThanOrEqual(0.25);
  });

  it("tells a gateway that refuses connections (never reached: no call the authority bills) from one that drops them", async () => {
    const request = { body: "{}", contentType: "application/json", signal: AbortSignal.timeout(5000) };
    const closed = `http://127.0.0.1:${await freePort()}`;
    expect(await failure(postToGateway(closed, "v1/identities/lookup", request))).toMatchObject({ kind: "unreachable" });
    const dropping = http.createServer((req) => req.socket.destroy());
    await new Promise<void>((resolve) => dropping.listen(0, "127.0.0.1", resolve));
    try {
      const url = `http://127.0.0.1:${(dropping.address() as AddressInfo).port}`;
      expect(await failure(postToGateway(url, "v1/identities/lookup", request))).toMatchObject({ kind: "connection" });
    } finally {
      dropping.close();
    }
  });

  it("keeps the per-minute figures and gone processes' circuits a day, and the calls per business per day for the bill", async () => {
    const biz = await createTestBusiness({ name: "Gateway Bill Archive" });
    const minuteAgo = (minutes: number) => new Date(Math.floor(Date.now() / 60_000) * 60_000 - minutes * 60_000);
    const [twoDaysAgo, hourAgo] = [minuteAgo(2 * 24 * 60), minuteAgo(60)];
    for (const minute of [twoDaysAgo, hourAgo]) {
      await pool().query("INSERT INTO registry_call_minute (minute, calls, latency_buckets) VALUES ($1, 1, '{}') ON CONFLICT (minute) DO NOTHING", [minute]);
    }
    await pool().query("INSERT INTO registry_breaker (process_id, state, updated_at) VALUES ('gone-host:1', 'open', now() - interval '2 days'), ('idle-host:1', 'closed', now() - interval '1 hour')");
    await pool().query("INSERT INTO registry_call_day (business_id, day, calls) VALUES ($1, (now() - interval '400 days')::date, 7)", [biz.businessId]);
    expect(await purgeOldGatewayFigures()).toBeGreaterThanOrEqual(2);
    const minutes = (await pool().query<{ minute: Date }>("SELECT minute FROM registry_call_minute WHERE minute = ANY($1)", [[twoDaysAgo, hourAgo]])).rows;
    expect(minutes.map((m) => m.minute.getTime())).toEqual([hourAgo.getTime()]);
    const breakers = (await pool().query<{ process_id: string }>("SELECT process_id FROM registry_breaker WHERE process_id LIKE '%-host:1'")).rows;
    expect(breakers.map((b) => b.process_id)).toEqual(["idle-host:1"]);
    expect((await pool().query("SELECT calls FROM registry_call_day WHERE business_id = $1", [biz.businessId])).rows).toEqual([{ calls: 7 }]);
    await pool().query("DELETE FROM registry_breaker WHERE process_id = 'idle-host:1'");
  });

  it("shows the fleet's circuit, calls, latency, quota use and calls per business per day", async () => {
    const biz = await createTestBusiness({ name: "Gateway Panel Microfinance" });
    await lookup("11111111111", { ...budget(), businessId: biz.businessId });
    await gatewayRegistry.lookupMany(["11111111111", "44444444444"], { ...budget(), businessId: biz.businessId });
    await flushFigures();
    const panel = await getGatewayPanel(await adminContext());
    expect(panel.circuit).toBe("closed");
    expect(panel.processes.map((p) => p.processId)).toContain(PROCESS_ID);
    expect(panel.minutes.reduce((sum, m) => sum + m.calls, 0)).toBeGreaterThan(0);
    expect(panel.latency.p50Ms).toBeGreaterThan(0);
    expect(panel.quota.maxRps).toBe(MAX_RPS);
    expect(panel.callsByBusinessDay.filter((d) => d.businessId === biz.businessId)).toEqual([
      { businessId: biz.businessId, businessName: "Gateway Panel Microfinance", day: new Date().toISOString().slice(0, 10), calls: 2 },
    ]);
  });
});
