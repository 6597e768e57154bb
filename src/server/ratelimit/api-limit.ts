/**
 * The verify, read and batch limits of a business (product rules §8): one rolling-minute bucket per
 * business, mode and endpoint group, shared by the API and the portal's own verify form, so the
 * portal is no way around the limit.
 */
import { LIMITS } from "@/contracts/limits";
import type { Mode } from "@/generated/prisma/enums";
import { AppError } from "@/server/errors";
import { rateLimiter, type RateLimitHit } from ".";
import { metrics } from "@/server/observability/metrics";

/** `batch`: batch creations, with their own limit whatever the business's (LIMITS). */
export type EndpointGroup = "verify" | "read" | "batch";

const BATCH_CREATIONS_PER_MINUTE = LIMITS.batchCreationsPerMinute;

/** The bucket's name; the SQL function api_authenticate builds the same one. */
export const apiLimitBucket = (businessId: string, mode: Mode, group: EndpointGroup) => `api:${businessId}:${mode}:${group}`;

export const hitApiLimit = (businessId: string, mode: Mode, group: EndpointGroup, perMinute: number) =>
  rateLimiter().hit(apiLimitBucket(businessId, mode, group), group === "batch" ? BATCH_CREATIONS_PER_MINUTE : perMinute, 60);

/**
 * Batch creations count when a batch is accepted (createBatch), so a rejected upload costs no slot.
 * Before the file is read, only look: a full window is refused at once, with its reset time (a
 * refused hit adds nothing to the window).
 */
export async function peekBatchLimit(businessId: string, mode: Mode): Promise<RateLimitHit> {
  const bucket = apiLimitBucket(businessId, mode, "batch");
  const used = await rateLimiter().count(bucket, 60);
  if (used >= BATCH_CREATIONS_PER_MINUTE) return rateLimiter().hit(bucket, BATCH_CREATIONS_PER_MINUTE, 60);
  return { allowed: true, limit: BATCH_CREATIONS_PER_MINUTE, remaining: BATCH_CREATIONS_PER_MINUTE - used, resetSeconds: 60 };
}

/**
 * The limit check of an API request or a portal action, one rule for both: a batch creation only
 * looks (it counts once accepted), anything else counts now, unless authentication already did.
 */
export async function admitToApiLimit(
  businessId: string,
  mode: Mode,
  group: EndpointGroup,
  perMinute: number,
  counted?: RateLimitHit,
): Promise<RateLimitHit> {
  const hit = group === "batch" ? await peekBatchLimit(businessId, mode) : (counted ?? (await hitApiLimit(businessId, mode, group, perMinute)));
  assertWithinLimit(hit, group, mode);
  return hit;
}

export function rateLimitHeaders(hit: RateLimitHit): Record<string, string> {
  return {
    "RateLimit-Limit": String(hit.limit),
    "RateLimit-Remaining": String(hit.remaining),
    "RateLimit-Reset": String(hit.resetSeconds),
  };
}

/** Throws 429 RATE_LIMITED (with Retry-After) when the hit was over the limit, and counts the refusal. */
export function assertWithinLimit(hit: RateLimitHit, group: EndpointGroup, mode: Mode): void {
  if (hit.allowed) return;
  metrics().rateLimitRejections.inc({ group, mode });
  throw new AppError("RATE_LIMITED", `Rate limit of ${hit.limit} requests per minute exceeded. Retry after ${hit.resetSeconds} s.`, {
    headers: { ...rateLimitHeaders(hit), "Retry-After": String(hit.resetSeconds) },
  });
}
