import { pool } from "@/server/db/client";
import type { RateLimiter } from "./types";

/** Counters in PostgreSQL (function rate_limit_hit in the init migration): one round trip. */
export const postgresRateLimiter: RateLimiter = {
  async hit(bucket, limit, windowSeconds) {
    const { rows } = await pool().query<{ allowed: boolean; remaining: number; reset_seconds: number }>(
      "SELECT allowed, remaining, reset_seconds FROM rate_limit_hit($1, $2, $3)",
      [bucket, limit, windowSeconds],
    );
    const row = rows[0]!;
    return { allowed: row.allowed, limit, remaining: row.remaining, resetSeconds: row.reset_seconds };
  },
  async count(bucket, windowSeconds) {
    const { rows } = await pool().query<{ n: number }>(
      `SELECT coalesce(sum(u.n), 0)::int AS n FROM rate_limit_window w, unnest(w.seconds, w.counts) AS u(s, n)
        WHERE w.bucket = $1 AND u.s > floor(extract(epoch FROM clock_timestamp())) - $2`,
      [bucket, windowSeconds],
    );
    return rows[0]!.n;
  },
};

/** The longest window any limit uses is an hour; a window idle for a day holds nothing that counts. */
export async function purgeIdleRateLimitWindows(): Promise<number> {
  const { rowCount } = await pool().query(
    "DELETE FROM rate_limit_window WHERE coalesce(seconds[array_upper(seconds, 1)], 0) < floor(extract(epoch FROM clock_timestamp())) - 86400",
  );
  return rowCount ?? 0;
}
