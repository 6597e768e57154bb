/**
 * What operators see of the gateway: each process counts its calls (per minute: calls, faults,
 * latency buckets; per business per day: calls) and its circuit's state, and adds them to the
 * shared tables every few seconds, so that the admin panel shows the fleet. The same figures go
 * to /metrics without business labels.
 */
import os from "node:os";
import { Counter, Gauge, Histogram } from "prom-client";
import { env } from "@/env";
import { pool } from "@/server/db/client";
import { describeError, log } from "@/server/observability/logger";
import { afterShutdown } from "@/server/jobs/shutdown";

/** Upper bounds (ms) of the latency buckets kept per minute; the last one catches the rest. */
export const LATENCY_BUCKETS_MS = [25, 50, 100, 200, 300, 400, 600, 800, 1000, 1500, 2000, 3000, 5000, 8000, 60000];
export type CircuitState = "closed" | "open" | "half_open";
export type CallOutcome = "ok" | "record_fault" | "fault" | "rate_limited";
export type Rejection = "circuit_open" | "quota" | "timeout";

const FLUSH_MS = 5_000;
/** A process that published nothing for this long is gone (or its database is): its circuit no longer counts. */
export const PUBLISHED_STATE_FRESH_SECONDS = 120;
export const PROCESS_ID = `${os.hostname()}:${process.pid}`;

type Minute = { calls: number; faults: number; rejected: number; buckets: number[] };
/** `refusingUntil`: until when an open circuit refuses calls (when its probe is due). */
type Pending = {
  minutes: Map<number, Minute>;
  days: Map<string, number>;
  state: CircuitState;
  refusingUntil: number;
  timer?: NodeJS.Timeout;
  /** The flush in progress or last done: the next one runs after it. */
  flushing?: Promise<void>;
  /** A flush asked for and not started yet: it serves every caller until it starts. */
  queued?: Promise<void>;
};

const globalForFigures = globalThis as unknown as { hubiGatewayFigures?: Pending };

function pending(): Pending {
  globalForFigures.hubiGatewayFigures ??= { minutes: new Map(), days: new Map(), state: "closed", refusingUntil: 0 };
  const p = globalForFigures.hubiGatewayFigures;
  if (!p.timer) {
    p.timer = setInterval(() => void flushFigures(), FLUSH_MS).unref();
    // The calls made since the last flush are calls the authority bills: recorded before the process exits.
    afterShutdown(flushFigures);
  }
  return p;
}

function minute(at = Date.now()): Minute {
  const key = Math.floor(at / 60_000) * 60_000;
  const minutes = pending().minutes;
  let m = minutes.get(key);
  if (!m) minutes.set(key, (m = { calls: 0, faults: 0, rejected: 0, buckets: LATENCY_BUCKETS_MS.map(() => 0) }));
  return m;
}

export function recordCall(outcome: CallOutcome, latencyMs: number, businessId: string | undefined): void {
  const m = minute();
  m.calls += 1;
  if (outcome === "fault") m.faults += 1;
  m.buckets[Math.max(0, LATENCY_BUCKETS_MS.findIndex((b) => latencyMs <= b))]! += 1;
  if (businessId) {
    const key = `${businessId}|${new Date().toISOString().slice(0, 10)}`;
    pending().days.set(key, (pending().days.get(key) ?? 0) + 1);
  }
  promMetrics().calls.inc({ outcome });
  promMetrics().latency.observe({ outcome }, latencyMs / 1000);
}

export function recordRejection(reason: Rejection): void {
  minute().rejected += 1;
  promMetrics().rejections.inc({ reason });
}

/** A slot granted ahead was used too late and given up: its caller asked again (work this process was too busy to do on time). */
export function recordSlotGivenUp(): void {
  promMetrics().slotsGivenUp.inc();
}

/** `refusingUntil`: when an open circuit's probe is due (read only while open). */
export function recordCircuitState(state: CircuitState, refusingUntil: number): void {
  Object.assign(pending(), { state, refusingUntil });
  promMetrics().circuit.set({ state: "closed" }, state === "closed" ? 1 : 0);
  promMetrics().circuit.set({ state: "open" }, state === "open" ? 1 : 0);
  promMetrics().circuit.set({ state: "half_open" }, state === "half_open" ? 1 : 0);
  log(state === "open" ? "warn" : "info", "registry gateway circuit", { circuit: state });
  void flushFigures();
}

/**
 * Adds this process's figures to the shared tables, and publishes its circuit's state with until
 * when it refuses calls: an open circuit whose probe is due refuses nobody, and says nothing of
 * the gateway until a call probes it, so the businesses' "registry degraded" banner stops counting
 * it then, even in a process that makes no call (a worker with nothing to do). One flush at a
 * time, each reading the state when it starts: two at once (a state change's and the timer's)
 * could commit out of order and leave the older state published until the next one. At most one
 * waits behind the one running (it reads everything when it starts), however slow the database.
 */
export function flushFigures(): Promise<void> {
  const p = pending();
  if (p.queued) return p.queued;
  const next = (p.flushing ?? Promise.resolve()).then(() => {
    p.queued = undefined;
    return flushNow(p);
  });
  p.queued = next;
  p.flushing = next;
  return next;
}

async function flushNow(p: Pending): Promise<void> {
  const minutes = [...p.minutes];
  const days = [...p.days];
  p.minutes.clear();
  p.days.clear();
  // As a time from now, so that the database's clock decides when it has passed.
  const refusingForSeconds = p.state === "open" ? (p.refusingUntil - Date.now()) / 1000 : null;
  try {
    await pool().query(
      `INSERT INTO registry_breaker (process_id, state, refusing_until, updated_at) VALUES ($1, $2, now() + make_interval(secs => $3), now())
       ON CONFLICT (process_id) DO UPDATE SET state = excluded.state, refusing_until = excluded.refusing_until, updated_at = now()`,
      [PROCESS_ID, p.state, refusingForSeconds],
    );
    for (const [at, m] of minutes) {
      await pool().query(
        `INSERT INTO registry_call_minute (minute, calls, faults, rejected, latency_buckets) VALUES (to_timestamp($1 / 1000.0), $2, $3, $4, $5)
         ON CONFLICT (minute) DO UPDATE SET calls = registry_call_minute.calls + excluded.calls, faults = registry_call_minute.faults + excluded.faults,
           rejected = registry_call_minute.rejected + excluded.rejected,
           latency_buckets = ARRAY(SELECT a + b FROM unnest(registry_call_minute.latency_buckets, excluded.latency_buckets) AS t(a, b))`,
        [at, m.calls, m.faults, m.rejected, m.buckets],
      );
    }
    for (const [key, calls] of days) {
      const [businessId, day] = key.split("|");
      await pool().query(
        `INSERT INTO registry_call_day (business_id, day, calls) VALUES ($1, $2, $3)
         ON CONFLICT (business_id, day) DO UPDATE SET calls = registry_call_day.calls + excluded.calls`,
        [businessId, day, calls],
      );
    }
  } catch (error) {
    // Figures are for operators; losing a few seconds of them never fails a lookup.
    log("warn", "registry gateway figures not saved", describeError(error));
  }
}

/**
 * Housekeeping: the per-minute figures once a day old (the panel shows 15 minutes; /metrics keeps
 * the history) and the published circuits of processes silent for a day (each process start adds
 * one, and the panel and banner ignore them after 2 minutes). Calls per business per day stay:
 * they reconcile the authority's bill.
 */
export async function purgeOldGatewayFigures(): Promise<number> {
  const minutes = await pool().query("DELETE FROM registry_call_minute WHERE minute < now() - interval '1 day'");
  const breakers = await pool().query("DELETE FROM registry_breaker WHERE updated_at < now() - interval '1 day'");
  return (minutes.rowCount ?? 0) + (breakers.rowCount ?? 0);
}

type PromMetrics = {
  calls: Counter<"outcome">;
  latency: Histogram<"outcome">;
  rejections: Counter<"reason">;
  circuit: Gauge<"state">;
  slotsGivenUp: Counter;
  quotaMaxRps: Gauge;
};
const globalForProm = globalThis as unknown as { hubiGatewayProm?: PromMetrics };

/** Registered once per process on prom-client's global registry, however many bundles import this module. */
function promMetrics(): PromMetrics {
  globalForProm.hubiGatewayProm ??= {
    calls: new Counter({ name: "hubi_registry_calls_total", help: "Calls to the registry gateway, by outcome", labelNames: ["outcome"] as const }),
    latency: new Histogram({
      name: "hubi_registry_call_duration_seconds",
      help: "Registry gateway call latency, by outcome",
      labelNames: ["outcome"] as const,
      buckets: LATENCY_BUCKETS_MS.slice(0, -1).map((ms) => ms / 1000),
    }),
    rejections: new Counter({
      name: "hubi_registry_rejections_total",
      help: "Lookups answered without a gateway call: circuit open, no quota within the budget, budget spent",
      labelNames: ["reason"] as const,
    }),
    circuit: new Gauge({ name: "hubi_registry_circuit_state", help: "Registry circuits by state: 1 for a process's current state; a web machine's scrape sums its processes", labelNames: ["state"] as const }),
    slotsGivenUp: new Counter({
      name: "hubi_registry_quota_slots_given_up_total",
      help: "Gateway quota slots granted ahead but reached too late to use; each one's caller asked for another",
    }),
    // The same in every process: one value for the fleet, not their sum.
    quotaMaxRps: new Gauge({
      name: "hubi_registry_quota_max_rps",
      help: "Gateway calls a second the fleet keeps under (REGISTRY_MAX_RPS); quota use is the fleet's call rate divided by it",
      aggregator: "max",
    }),
  };
  globalForProm.hubiGatewayProm.quotaMaxRps.set(env().REGISTRY_MAX_RPS);
  return globalForProm.hubiGatewayProm;
}
