/**
 * Per business, per mode, per endpoint group: 60 requests per rolling minute unless an admin
 * raised the business's limit (product rules §8). Returns the headers every response carries.
 */
import { rateLimiter } from "@/server/ratelimit";
import { AppError } from "@/server/errors";
import type { ApiAuth } from "./authenticate";

export type EndpointGroup = "verify" | "read";

export async function enforceRateLimit(auth: ApiAuth, group: EndpointGroup): Promise<Record<string, string>> {
  const { actor } = auth;
  const hit =
    auth.rateLimitHit ?? (await rateLimiter().hit(`api:${actor.businessId}:${actor.mode}:${group}`, auth.rateLimitPerMinute, 60));
  const headers = {
    "RateLimit-Limit": String(hit.limit),
    "RateLimit-Remaining": String(hit.remaining),
    "RateLimit-Reset": String(hit.resetSeconds),
  };
  if (!hit.allowed) {
    throw new AppError("RATE_LIMITED", `Rate limit of ${hit.limit} requests per minute exceeded. Retry after ${hit.resetSeconds} s.`, {
      headers: { ...headers, "Retry-After": String(hit.resetSeconds) },
    });
  }
  return headers;
}
