/** An API key's "last used" time, as the portal shows it: written at most once a minute per key, never awaited by the request. */
import { pool } from "@/server/db/client";

const touchedAt = new Map<string, number>();

export function touchLastUsed(keyId: string): void {
  const now = Date.now();
  if ((touchedAt.get(keyId) ?? 0) > now - 60_000) return;
  touchedAt.set(keyId, now);
  pool()
    .query(
      "UPDATE api_key SET last_used_at = now() WHERE id = $1 AND (last_used_at IS NULL OR last_used_at < now() - interval '1 minute')",
      [keyId],
    )
    .catch(() => touchedAt.delete(keyId));
}
