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

const quotaRefusal = (waitMs: number) => new RegistryUnavailableError("quota", Math.max(1, Math.ceil(waitMs / 1000)));

async function acquireAlone(signal: AbortSignal): Promise<void> {
  for (;;) {
    if (signal.aborted) throw quotaRefusal(0);
    const { slots_ms, wait_ms } = await takeSlots("batch", 1);
    const waitMs = slots_ms.length > 0 ? slots_ms[0]! : wait_ms;
    if (waitMs === 0) return;
    try {
      await abortableDelay(waitMs, signal);
    } catch {
      throw quotaRefusal(waitMs);
    }
    if (slots_ms.length > 0) return;
  }
}

type Waiter = { signal: AbortSignal; go: () => void; fail: (error: unknown) => void };

/** This process's interactive callers waiting for a slot, oldest first. */
const waiters: Waiter[] = [];
let asking = false;
/** The wait the last statement named, for the Retry-After of a caller whose budget ends in the queue. */
let lastWaitMs = 0;

function acquireTogether(signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.reject(quotaRefusal(0));
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
      reject(quotaRefusal(lastWaitMs));
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
      lastWaitMs = taken.wait_ms;
      for (const slotMs of taken.slots_ms) {
        const waiter = waiters.shift();
        // A caller gone since the statement was sent leaves its slot unused: it was granted fleet-wide.
        if (waiter) goAt(waiter, slotMs);
      }
      // Fewer slots than asked for: the next is free no sooner than the fleet said.
      if (taken.slots_ms.length < wanted && waiters.length > 0) await queueWait(taken.wait_ms);
    }
  } finally {
    asking = false;
  }
}

function goAt(waiter: Waiter, slotMs: number): void {
  if (slotMs === 0) return waiter.go();
  // An abort before the slot comes is the waiter's own refusal (its listener above).
  abortableDelay(slotMs, waiter.signal).then(waiter.go, () => {});
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

/** The gateway said 429: nobody in the fleet calls again before Retry-After has passed. */
export async function pauseQuota(retryAfterSeconds: number): Promise<void> {
  await pool().query(
    `INSERT INTO registry_gateway (gateway, paused_until) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (gateway) DO UPDATE SET paused_until = greatest(coalesce(registry_gateway.paused_until, now()), excluded.paused_until)`,
    [gatewayKey(), retryAfterSeconds],
  );
}
