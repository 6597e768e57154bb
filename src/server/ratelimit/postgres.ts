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
};
