/**
 * The deployment's gateway quota, shared by every process through PostgreSQL (Redis is optional):
 * grants are paced, one every QUOTA_WINDOW_MS / REGISTRY_MAX_RPS across the fleet, so at most
 * REGISTRY_MAX_RPS in any window of QUOTA_WINDOW_MS. Paced, the calls reach the gateway as they
 * were granted, one at a time, and its one-second windows never see more than the quota; granting
 * a window's worth at once let a burst's tail queue up in the process and land in the gateway's
 * next second beside the next burst. The window's extra 50 ms is the margin against the jitter
 * between two calls a second apart (the cost: 5 % of the quota).
 *
 * Interactive lookups go first: while any were granted in the window, batch calls leave a fifth of
 * the quota to them, and an interactive caller told to wait holds its slot against batch calls. A
 * 429's Retry-After pauses every caller (the row the function reads).
 *
 * Interactive lookups that wait in this process at the same moment ask together: one statement
 * takes a slot for each of them (slots up to INTERACTIVE_HORIZON_MS ahead, one spacing apart), and
 * each caller goes when its slot comes. Under load that is one statement for many verifies instead
 * of one each, all queuing on the quota's lock. Batch calls, one per chunk of IDs, ask alone, for a
 * slot at most a few ms ahead (`batchEarlyMs`).
 *
 * A verify that would ask alone (no interactive caller waiting or being admitted in this process,
 * no pause, the circuit closed, a token at hand) takes its slot in the statement that admits it instead
 * (`admissionSlot`): one database round trip fewer on the latency a single verify sees, and only
 * when the admission succeeds, so a refused request (402, a replay, a 409) spends no quota.
 *
 * Whatever took it, a slot reached more than SLOT_LATE_MS after it fell due (a loaded process fires
 * its timers late) is given up and asked for again, once: the call would land among the next
 * slots' calls.
 */
import { env } from "@/env";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { RegistryUnavailableError, type QuotaSlot } from "../types";
import { gatewayKey } from "./gateway-key";
import { abortableDelay } from "./wait";
import { recordRejection, recordSlotGivenUp } from "./figures";
import { circuitState } from "./policy";
import { hasFreshToken } from "./token";

export const QUOTA_WINDOW_MS = 1_050;
/** How far ahead a slot may lie for an interactive caller: a quarter of the window. */
const INTERACTIVE_HORIZON_MS = Math.round(QUOTA_WINDOW_MS / 4);
/** At most this many slots in one statement (a burst larger than that asks again at once). */
const MOST_SLOTS_AT_ONCE = 50;

export type Priority = "interactive" | "batch";

type Taken = { slots_ms: number[]; wait_ms: number };

/** The call that takes `wanted` slots (registry_quota_take_slots), its arguments added to `q`. */
function takeSlotsCall(q: Sql, priority: Priority, wanted: number): string {
  const maxCalls = env().REGISTRY_MAX_RPS;
  const reserve = maxCalls > 1 ? Math.max(1, Math.floor(maxCalls / 5)) : 0;
  const horizon = priority === "interactive" ? INTERACTIVE_HORIZON_MS : batchEarlyMs();
  return `registry_quota_take_slots(${q.p(gatewayKey())}, ${q.p(maxCalls, "int")}, ${q.p(QUOTA_WINDOW_MS, "int")}, ${q.p(priority)}, ${q.p(reserve, "int")}, ${q.p(wanted, "int")}, ${q.p(horizon, "int")})`;
}

async function takeSlots(priority: Priority, wanted: number): Promise<Taken> {
  const q = new Sql();
  const { rows } = await pool().query<Taken>(`SELECT slots_ms, wait_ms FROM ${takeSlotsCall(q, priority, wanted)}`, q.values);
  return rows[0]!;
}

/** A slot used this much later than it fell due is given up: the gateway's second could already hold the next ones. */
const SLOT_LATE_MS = 20;

/**
 * Whether a slot that fell due at `dueAt` (performance.now()) may still be used; one reached later
 * (a loaded event loop fires its timer late) is counted as given up, and its caller asks again.
 * Once only (`gaveUpBefore`): a process whose timers are always late would otherwise give up every
 * slot ahead until its callers' budgets ran out, spending the fleet's quota on calls never made.
 */
function onTime(dueAt: number, gaveUpBefore: boolean): boolean {
  if (gaveUpBefore || performance.now() - dueAt <= SLOT_LATE_MS) return true;
  recordSlotGivenUp();
  return false;
}

/** A slot granted by another statement (an admission), used once by the call it was taken for. */
export class GrantedSlot implements QuotaSlot {
  private used = false;
  private readonly dueAt: number;

  constructor(delayMs: number) {
    this.dueAt = performance.now() + delayMs;
  }

  /** How long to wait before calling, the first time; null after that or when it is no longer on time. */
  take(): number | null {
    if (this.used) return null;
    this.used = true;
    return onTime(this.dueAt, false) ? Math.max(0, this.dueAt - performance.now()) : null;
  }
}

/** An interactive slot asked for inside an admission statement (`admissionSlot`). */
export type AdmissionSlot = {
  /** A select-list expression: the slot's delay in ms, NULL when none comes within the horizon; asks only when `when` holds. */
  sql: (q: Sql, when: string) => string;
  /** The slot the lookup uses, from that expression's value. */
  granted: (delayMs: number | null) => GrantedSlot | undefined;
  /** The admission statement has come back (or failed). */
  release: () => void;
};

/**
 * An admission statement that asks for a slot is in flight: at most one per process, so that
 * such statements never queue behind one another on the quota's lock; under load the others ask together.
 */
let slotAdmissionInFlight = false;

/**
 * A slot for a verify that would ask alone, taken in its admission statement; null when it should
 * queue as usual (others are waiting or being admitted here, or the call could not leave at once).
 */
export function admissionSlot(): AdmissionSlot | null {
  if (slotAdmissionInFlight || waiters.length > 0 || asking || Date.now() < pausedUntil || circuitState() !== "closed" || !hasFreshToken()) return null;
  slotAdmissionInFlight = true;
  let released = false;
  return {
    sql: (q, when) => `CASE WHEN ${when} THEN (SELECT (t.slots_ms)[1] FROM ${takeSlotsCall(q, "interactive", 1)} t) END`,
    granted: (delayMs) => (delayMs === null ? undefined : new GrantedSlot(delayMs)),
    release: () => {
      // Once only: another admission may hold the flag by a second call.
      if (!released) slotAdmissionInFlight = false;
      released = true;
    },
  };
}

/**
 * Resolves once the call may be made; rejects with RegistryUnavailableError("quota") when the signal
 * aborts first. `granted`: a slot its admission took, used if still on time.
 */
export function acquireQuota(priority: Priority, signal: AbortSignal, granted?: QuotaSlot): Promise<void> {
  const waitMs = granted?.take();
  if (waitMs != null) return goWhenGranted(waitMs, signal);
  return priority === "batch" ? acquireAlone(signal) : acquireTogether(signal);
}

async function goWhenGranted(waitMs: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) throw quotaRefusal();
  // A slot due now goes now, without even the await of a wait that would return at once.
  if (waitMs > 0) {
    const dueAt = performance.now() + waitMs;
    await waitOrRefuse(waitMs, signal);
    if (!onTime(dueAt, false)) return acquireTogether(signal, true);
  }
  // A 429 seen since it was granted: queue for a slot after the pause, as any waiter would.
  if (Date.now() < pausedUntil) return acquireTogether(signal);
}

/** `waitMs`: how long the fleet said the next slot was away, for the caller's Retry-After. */
const quotaRefusal = (waitMs?: number) =>
  new RegistryUnavailableError("quota", waitMs === undefined ? undefined : Math.max(1, Math.ceil(waitMs / 1000)));

/**
 * How early a batch caller told to wait asks again, and so how far ahead its slot may lie: 10 ms,
 * less than a spacing (a slot an interactive caller holds stays out of reach). Asked for only once
 * due, a slot was granted when the caller's timer and statement got there (a few ms late on a busy
 * machine) and the next one a spacing after that: the lateness added up slot after slot, and a
 * batch used 88 % of the quota where the pacing allows 95 %. Asked a little early, the slot is
 * granted at its due time and the caller waits for it.
 */
const batchEarlyMs = () => Math.max(0, Math.min(10, Math.floor(QUOTA_WINDOW_MS / env().REGISTRY_MAX_RPS) - 1));

async function acquireAlone(signal: AbortSignal): Promise<void> {
  const early = batchEarlyMs();
  let gaveUp = false;
  for (;;) {
    if (signal.aborted) throw quotaRefusal();
    // A 429 this process saw: waited out before asking (the fleet's row may not say so yet).
    if (Date.now() < pausedUntil) await waitOrRefuse(pausedUntil - Date.now(), signal);
    const pauseSeen = pausedUntil;
    const { slots_ms, wait_ms } = await takeSlots("batch", 1);
    if (slots_ms.length > 0) {
      const dueAt = performance.now() + slots_ms[0]!;
      await waitOrRefuse(slots_ms[0]!, signal);
      // Unless a 429 came while it waited (its slot withdrawn: it asks again, after the pause), or
      // its timer fired too late.
      if (pausedUntil !== pauseSeen) continue;
      if (onTime(dueAt, gaveUp)) return;
      gaveUp = true;
      continue;
    }
    // A little early, but a wait within the early margin is waited whole: the fleet answers a
    // pause's remaining time whatever the horizon, and asking early again would only ask again.
    await waitOrRefuse(wait_ms > early ? wait_ms - early : wait_ms, signal);
  }
}

/** Waits `ms` (nothing when not positive); the signal's abort meanwhile is a quota refusal. */
async function waitOrRefuse(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0) return;
  try {
    await abortableDelay(ms, signal);
  } catch {
    throw quotaRefusal(ms);
  }
}

type Waiter = { signal: AbortSignal; go: () => void; fail: (error: unknown) => void; waitMs?: number; gaveUp: boolean };

/** This process's interactive callers waiting for a slot, oldest first. */
const waiters: Waiter[] = [];
let asking = false;
/** Until when a 429 this process saw pauses its calls: a slot granted ahead of it waits again. */
let pausedUntil = 0;

/** `gaveUp`: the caller already gave up a slot reached too late (it uses the next however late). */
function acquireTogether(signal: AbortSignal, gaveUp = false): Promise<void> {
  if (signal.aborted) return Promise.reject(quotaRefusal());
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      signal,
      gaveUp,
      go: () => {
        signal.removeEventListener("abort", onAbort);
        resolve();
      },
      fail: (error) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    };
    // Its budget ended, in the queue or before its slot came: a quota refusal either way.
    const onAbort = () => {
      const at = waiters.indexOf(waiter);
      if (at >= 0) waiters.splice(at, 1);
      reject(quotaRefusal(waiter.waitMs));
    };
    signal.addEventListener("abort", onAbort, { once: true });
    waiters.push(waiter);
    // Asked on the next turn of the event loop, so that callers arriving in this one ask together.
    if (waiters.length === 1) setImmediate(() => void askForWaiters());
  });
}

/** One statement at a time for the whole queue; callers that arrive meanwhile ask with the next one. */
async function askForWaiters(): Promise<void> {
  if (asking) return;
  asking = true;
  try {
    while (waiters.length > 0) {
      const wanted = Math.min(waiters.length, MOST_SLOTS_AT_ONCE);
      let taken: Taken;
      try {
        taken = await takeSlots("interactive", wanted);
      } catch (error) {
        // The database could not answer: every caller waiting gets its error now.
        for (const waiter of waiters.splice(0)) waiter.fail(error);
        return;
      }
      for (const slotMs of taken.slots_ms) {
        const waiter = waiters.shift();
        // A caller gone since the statement was sent leaves its slot unused: it was granted fleet-wide.
        if (waiter) goAt(waiter, slotMs);
      }
      for (const waiter of waiters) waiter.waitMs = taken.wait_ms;
      // Fewer slots than asked for: the next is free no sooner than the fleet said.
      if (taken.slots_ms.length < wanted && waiters.length > 0) await queueWait(taken.wait_ms);
    }
  } finally {
    asking = false;
  }
}

function goAt(waiter: Waiter, slotMs: number): void {
  waiter.waitMs = slotMs;
  if (slotMs === 0) return goUnlessPaused(waiter);
  const dueAt = performance.now() + slotMs;
  // An abort before the slot comes is the waiter's own refusal (its listener above).
  abortableDelay(slotMs, waiter.signal).then(() => {
    if (onTime(dueAt, waiter.gaveUp)) return goUnlessPaused(waiter);
    waiter.gaveUp = true;
    askAgainFirst(waiter);
  }, () => {});
}

/** A 429 seen since the slot was granted: the caller queues again, first, for a slot after the pause. */
function goUnlessPaused(waiter: Waiter): void {
  if (Date.now() >= pausedUntil) return waiter.go();
  askAgainFirst(waiter);
}

function askAgainFirst(waiter: Waiter): void {
  waiters.unshift(waiter);
  void askForWaiters();
}

/** Until the slot the fleet named, or sooner if every caller waiting for it gave up. */
function queueWait(ms: number): Promise<void> {
  const stop = new AbortController();
  const gaveUp = () => {
    if (waiters.length === 0) stop.abort();
  };
  for (const waiter of waiters) waiter.signal.addEventListener("abort", gaveUp, { once: true });
  return abortableDelay(ms, stop.signal)
    .catch(() => {})
    .finally(() => {
      for (const waiter of waiters) waiter.signal.removeEventListener("abort", gaveUp);
    });
}

/**
 * A select-list expression for a verify's admission: how long the fleet's 429 pause still lasts, in
 * ms, when it outlasts the lookup's budget (`budgetMs`), else NULL. Such a lookup would wait its
 * whole budget for a slot and be refused: its admission charges nothing instead (verify-citizen.ts).
 */
export const pauseOutlastingSql = (q: Sql, budgetMs: number): string =>
  `(SELECT ceil(extract(epoch FROM paused_until - now()) * 1000)::int FROM registry_gateway WHERE gateway = ${q.p(gatewayKey())} AND paused_until > now() + make_interval(secs => ${q.p(budgetMs / 1000, "float8")}))`;

/** The refusal of a verify that `pauseOutlastingSql` refused: its Retry-After is the pause's end. */
export function pauseRefusal(pausedMs: number): RegistryUnavailableError {
  recordRejection("quota");
  return quotaRefusal(pausedMs);
}

/**
 * The gateway said 429: nobody in the fleet calls again before Retry-After has passed, and never
 * sooner than a second, the gateway's window: a pause of 0 (or a fraction) would withdraw the slots
 * granted ahead while their callers still went, and grant their times again to others, two calls
 * where the gateway had just said one was too many. Slots granted ahead are withdrawn (this
 * process's callers waiting for them queue again; another process's, at most a quarter of a window
 * of them, still call).
 */
export async function pauseQuota(retryAfterSeconds: number): Promise<void> {
  const seconds = Math.max(1, retryAfterSeconds);
  pausedUntil = Math.max(pausedUntil, Date.now() + seconds * 1000);
  await pool().query(
    `WITH withdrawn AS (DELETE FROM registry_quota_grant WHERE gateway = $1 AND granted_at > now())
     INSERT INTO registry_gateway (gateway, paused_until) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (gateway) DO UPDATE SET paused_until = greatest(coalesce(registry_gateway.paused_until, now()), excluded.paused_until)`,
    [gatewayKey(), seconds],
  );
}
