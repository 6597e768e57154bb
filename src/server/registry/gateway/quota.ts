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
 * of one each, all queuing on the quota's lock. Batch calls, one per chunk of IDs, ask alone.
 */
import { env } from "@/env";
import { pool } from "@/server/db/client";
import { RegistryUnavailableError } from "../types";
import { gatewayKey } from "./gateway-key";
import { abortableDelay } from "./wait";

export const QUOTA_WINDOW_MS = 1_050;
/** How far ahead a slot may lie for an interactive caller: a quarter of the window. */
const INTERACTIVE_HORIZON_MS = Math.round(QUOTA_WINDOW_MS / 4);
/** At most this many slots in one statement (a burst larger than that asks again at once). */
const MOST_SLOTS_AT_ONCE = 50;

export type Priority = "interactive" | "batch";

type Taken = { slots_ms: number[]; wait_ms: number };

async function takeSlots(priority: Priority, wanted: number): Promise<Taken> {
  const maxCalls = env().REGISTRY_MAX_RPS;
  const reserve = maxCalls > 1 ? Math.max(1, Math.floor(maxCalls / 5)) : 0;
  const horizon = priority === "interactive" ? INTERACTIVE_HORIZON_MS : 0;
  const { rows } = await pool().query<Taken>("SELECT slots_ms, wait_ms FROM registry_quota_take_slots($1, $2, $3, $4, $5, $6, $7)", [
    gatewayKey(),
    maxCalls,
    QUOTA_WINDOW_MS,
    priority,
    reserve,
    wanted,
    horizon,
  ]);
  return rows[0]!;
}

/** Resolves once the call may be made; rejects with RegistryUnavailableError("quota") when the signal aborts first. */
export function acquireQuota(priority: Priority, signal: AbortSignal): Promise<void> {
  return priority === "batch" ? acquireAlone(signal) : acquireTogether(signal);
}

/** `waitMs`: how long the fleet said the next slot was away, for the caller's Retry-After. */
const quotaRefusal = (waitMs?: number) =>
  new RegistryUnavailableError("quota", waitMs === undefined ? undefined : Math.max(1, Math.ceil(waitMs / 1000)));

async function acquireAlone(signal: AbortSignal): Promise<void> {
  for (;;) {
    if (signal.aborted) throw quotaRefusal();
    // No horizon: a slot, when there is one, is now.
    const { slots_ms, wait_ms } = await takeSlots("batch", 1);
    if (slots_ms.length > 0) return;
    try {
      await abortableDelay(wait_ms, signal);
    } catch {
      throw quotaRefusal(wait_ms);
    }
  }
}

type Waiter = { signal: AbortSignal; go: () => void; fail: (error: unknown) => void; waitMs?: number };

/** This process's interactive callers waiting for a slot, oldest first. */
const waiters: Waiter[] = [];
let asking = false;
/** Until when a 429 this process saw pauses its calls: a slot granted ahead of it waits again. */
let pausedUntil = 0;

function acquireTogether(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(quotaRefusal());
  return new Promise((resolve, reject) => {
    const waiter: Waiter = {
      signal,
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
  // An abort before the slot comes is the waiter's own refusal (its listener above).
  abortableDelay(slotMs, waiter.signal).then(() => goUnlessPaused(waiter), () => {});
}

/** A 429 seen since the slot was granted: the caller queues again, first, for a slot after the pause. */
function goUnlessPaused(waiter: Waiter): void {
  if (Date.now() >= pausedUntil) return waiter.go();
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
 * The gateway said 429: nobody in the fleet calls again before Retry-After has passed. Slots granted
 * ahead are withdrawn (this process's callers waiting for them queue again; another process's,
 * at most a quarter of a window of them, still call).
 */
export async function pauseQuota(retryAfterSeconds: number): Promise<void> {
  pausedUntil = Math.max(pausedUntil, Date.now() + retryAfterSeconds * 1000);
  await pool().query(
    `WITH withdrawn AS (DELETE FROM registry_quota_grant WHERE gateway = $1 AND granted_at > now())
     INSERT INTO registry_gateway (gateway, paused_until) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (gateway) DO UPDATE SET paused_until = greatest(coalesce(registry_gateway.paused_until, now()), excluded.paused_until)`,
    [gatewayKey(), retryAfterSeconds],
  );
}
