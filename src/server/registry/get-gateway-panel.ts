/**
 * The admin console's registry gateway panel: the fleet's circuits (as each process published
 * them), calls, faults and error rate per minute, p50/p99 latency, quota use, and gateway calls per
 * business per day (to reconcile the authority's bill). /metrics has the same without businesses.
 */
import { env } from "@/env";
import { pool } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertPlatformAdmin } from "@/server/access/authorization";
import { LATENCY_BUCKETS_MS, PUBLISHED_STATE_FRESH_SECONDS, type CircuitState } from "@/server/registry/gateway/figures";

export const PANEL_MINUTES = 15;
export const BILLING_DAYS = 7;

export type GatewayPanel = {
  source: "gateway" | "mirror";
  /**
   * Open when any process's circuit refuses calls; half_open when one is probing or lets the next
   * call through as its probe (an open circuit whose probe is due, in a process that has made no
   * call since: it refuses no one, and the banner no longer counts it either).
   */
  circuit: CircuitState;
  processes: { processId: string; state: CircuitState; updatedAt: string }[];
  /** Minutes of the last 15 that had calls, oldest first. */
  minutes: { minute: string; calls: number; faults: number; rejected: number; errorRate: number | null }[];
  /** Upper bounds of the latency buckets that hold the median and the 99th call of the last 15 minutes. */
  latency: { p50Ms: number | null; p99Ms: number | null };
  /** Calls of the last full minute against what REGISTRY_MAX_RPS allows in a minute. */
  quota: { maxRps: number; lastMinuteCalls: number; use: number };
  callsByBusinessDay: { businessId: string; businessName: string; day: string; calls: number }[];
};

export async function getGatewayPanel(ctx: ServiceContext): Promise<GatewayPanel> {
  assertPlatformAdmin(ctx);
  const [processes, minutes, days] = await Promise.all([
    pool().query<{ process_id: string; state: CircuitState; updated_at: Date }>(
      `SELECT process_id, CASE WHEN state = 'open' AND refusing_until <= now() THEN 'half_open' ELSE state END AS state, updated_at
         FROM registry_breaker WHERE updated_at > now() - make_interval(secs => $1) ORDER BY process_id`,
      [PUBLISHED_STATE_FRESH_SECONDS],
    ),
    pool().query<{ minute: Date; calls: number; faults: number; rejected: number; latency_buckets: number[] }>(
      `SELECT minute, calls, faults, rejected, latency_buckets FROM registry_call_minute
        WHERE minute > date_trunc('minute', now()) - make_interval(mins => $1) ORDER BY minute`,
      [PANEL_MINUTES],
    ),
    pool().query<{ business_id: string; name: string; day: string; calls: number }>(
      `SELECT d.business_id, b.name, to_char(d.day, 'YYYY-MM-DD') AS day, d.calls FROM registry_call_day d JOIN business b ON b.id = d.business_id
        WHERE d.day > (now() AT TIME ZONE 'UTC')::date - $1::int ORDER BY d.day DESC, d.calls DESC`,
      [BILLING_DAYS],
    ),
  ]);
  const states = processes.rows.map((p) => p.state);
  const buckets = LATENCY_BUCKETS_MS.map((_, i) => minutes.rows.reduce((sum, m) => sum + (m.latency_buckets[i] ?? 0), 0));
  const lastFullMinute = Math.floor(Date.now() / 60_000) * 60_000 - 60_000;
  const lastMinuteCalls = minutes.rows.find((m) => m.minute.getTime() === lastFullMinute)?.calls ?? 0;
  return {
    source: env().REGISTRY_SOURCE,
    circuit: states.includes("open") ? "open" : states.includes("half_open") ? "half_open" : "closed",
    processes: processes.rows.map((p) => ({ processId: p.process_id, state: p.state, updatedAt: p.updated_at.toISOString() })),
    minutes: minutes.rows.map((m) => ({
      minute: m.minute.toISOString(),
      calls: m.calls,
      faults: m.faults,
      rejected: m.rejected,
      errorRate: m.calls > 0 ? m.faults / m.calls : null,
    })),
    latency: { p50Ms: percentile(buckets, 0.5), p99Ms: percentile(buckets, 0.99) },
    quota: { maxRps: env().REGISTRY_MAX_RPS, lastMinuteCalls, use: lastMinuteCalls / (env().REGISTRY_MAX_RPS * 60) },
    callsByBusinessDay: days.rows.map((d) => ({ businessId: d.business_id, businessName: d.name, day: d.day, calls: d.calls })),
  };
}

function percentile(buckets: number[], q: number): number | null {
  const total = buckets.reduce((a, b) => a + b, 0);
  if (total === 0) return null;
  let seen = 0;
  for (let i = 0; i < buckets.length; i++) {
    seen += buckets[i]!;
    if (seen >= q * total) return LATENCY_BUCKETS_MS[i]!;
  }
  return LATENCY_BUCKETS_MS.at(-1)!;
}
