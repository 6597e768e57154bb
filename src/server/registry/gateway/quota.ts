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
 */
import { env } from "@/env";
import { pool } from "@/server/db/client";
import { RegistryUnavailableError } from "../types";
import { gatewayKey } from "./gateway-key";
import { abortableDelay } from "./wait";

export const QUOTA_WINDOW_MS = 1_050;

export type Priority = "interactive" | "batch";

/** Resolves once the call may be made; rejects with RegistryUnavailableError("quota") when the signal aborts first. */
export async function acquireQuota(priority: Priority, signal: AbortSignal): Promise<void> {
  const maxCalls = env().REGISTRY_MAX_RPS;
  const reserve = Math.max(1, Math.floor(maxCalls / 5));
  for (;;) {
    if (signal.aborted) throw new RegistryUnavailableError("quota");
    const { rows } = await pool().query<{ wait_ms: number }>("SELECT registry_quota_take($1, $2, $3, $4, $5) AS wait_ms", [
      gatewayKey(),
      maxCalls,
      QUOTA_WINDOW_MS,
      priority,
      maxCalls > 1 ? reserve : 0,
    ]);
    const waitMs = rows[0]!.wait_ms;
    if (waitMs === 0) return;
    try {
      await abortableDelay(waitMs, signal);
    } catch {
      throw new RegistryUnavailableError("quota", Math.ceil(waitMs / 1000));
    }
  }
}

/** The gateway said 429: nobody in the fleet calls again before Retry-After has passed. */
export async function pauseQuota(retryAfterSeconds: number): Promise<void> {
  await pool().query(
    `INSERT INTO registry_gateway (gateway, paused_until) VALUES ($1, now() + make_interval(secs => $2))
     ON CONFLICT (gateway) DO UPDATE SET paused_until = greatest(coalesce(registry_gateway.paused_until, now()), excluded.paused_until)`,
    [gatewayKey(), retryAfterSeconds],
  );
}
