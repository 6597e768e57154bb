import { AppError } from "@/server/errors";
import { rateLimiter } from "./index";

export type ThrottleRule = { limit: number; windowSeconds: number; message: string };

/** Counts one hit on `bucket`; past the rule's limit, 429 RATE_LIMITED with its message and Retry-After. */
export async function throttle(bucket: string, rule: ThrottleRule): Promise<void> {
  const hit = await rateLimiter().hit(bucket, rule.limit, rule.windowSeconds);
  if (!hit.allowed) throw new AppError("RATE_LIMITED", rule.message, { headers: { "retry-after": String(hit.resetSeconds) } });
}
