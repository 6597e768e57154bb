/**
 * Whether the national registry is answering, as businesses see it (the portal's "registry
 * degraded" banner, product rules §26, §27), from what every process shares in the database:
 *
 * - a circuit breaker that refuses calls in any live process, open or probing, as the gateway
 *   publishes it (figures.ts): the registry failed until calls were refused, and no probe has
 *   closed it yet (once its probe is due, a circuit refuses nobody until a call probes it);
 * - lookups that should have been answered by now and are still being retried in the background
 *   (a slow registry trips no breaker when each call only runs out of its caller's time);
 * - batch chunks paused for the registry.
 *
 * Each clears by itself when the registry answers again.
 */
import { pool } from "@/server/db/client";
import { PUBLISHED_STATE_FRESH_SECONDS } from "./gateway/figures";

export type RegistryHealth = { state: "ok" | "degraded" };

/** A lookup still retrying after this long means the registry has stopped answering in time. */
const STALLED_SECONDS = 30;

export async function getRegistryHealth(): Promise<RegistryHealth> {
  const { rows } = await pool().query<{ degraded: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM registry_breaker WHERE state <> 'closed' AND (refusing_until IS NULL OR refusing_until > now())
                      AND updated_at > now() - make_interval(secs => $2))
         OR EXISTS (SELECT 1 FROM pending_lookup WHERE state = 'waiting' AND created_at < now() - make_interval(secs => $1))
         OR EXISTS (SELECT 1 FROM batch_chunk WHERE done_at IS NULL AND lease_id IS NULL AND leased_until > now()) AS degraded`,
    [STALLED_SECONDS, PUBLISHED_STATE_FRESH_SECONDS],
  );
  return { state: rows[0]!.degraded ? "degraded" : "ok" };
}
