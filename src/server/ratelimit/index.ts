import { env } from "@/env";
import { postgresRateLimiter } from "./postgres";
import { redisRateLimiter } from "./redis";
import type { RateLimiter } from "./types";

export type { RateLimiter, RateLimitHit } from "./types";

let limiter: RateLimiter | undefined;

/** PostgreSQL by default; Redis when REDIS_URL is set. */
export function rateLimiter(): RateLimiter {
  limiter ??= env().REDIS_URL ? redisRateLimiter(env().REDIS_URL!) : postgresRateLimiter;
  return limiter;
}
