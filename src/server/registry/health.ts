/**
 * Whether the national registry is answering, as businesses see it (the portal's "registry
 * degraded" banner, product rules §26). Until the gateway publishes its circuit breaker's state,
 * the sign is in the database every process shares: lookups that should have been answered by
 * now and are still being retried in the background (pending lookups past their first attempts),
 * and batch chunks paused for the registry. Both clear by themselves when the registry answers.
 */
import { pool } from "@/server/db/client";

export type RegistryHealth = { state: "ok" | "degraded" };

/** A lookup still retrying after this long means the registry has stopped answering in time. */
const STALLED_SECONDS = 30;

export async function getRegistryHealth(): Promise<RegistryHealth> {
  const { rows } = await pool().query<{ degraded: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM pending_lookup WHERE state = 'waiting' AND created_at < now() - make_interval(secs => $1))
         OR EXISTS (SELECT 1 FROM batch_chunk WHERE done_at IS NULL AND lease_id IS NULL AND leased_until > now()) AS degraded`,
    [STALLED_SECONDS],
  );
  return { state: rows[0]!.degraded ? "degraded" : "ok" };
}
