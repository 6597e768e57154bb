/**
 * Response header sets per kind of response (product rules §7, §8): every response has X-Request-Id;
 * responses past authentication carry the RateLimit-* trio.
 */
import { z } from "zod";
import { responseHeaderSchemas as h } from "@/contracts/headers";

const rateLimit = {
  "RateLimit-Limit": h.rateLimitLimit,
  "RateLimit-Remaining": h.rateLimitRemaining,
  "RateLimit-Reset": h.rateLimitReset,
};

export const responseHeaders = {
  /** Responses rejected before the rate limiter (401, 403, 500). */
  basic: z.object({ "X-Request-Id": h.requestId }),
  /** Responses that passed the rate limiter. */
  limited: z.object({ "X-Request-Id": h.requestId, ...rateLimit }),
  rateLimited: z.object({ "X-Request-Id": h.requestId, ...rateLimit, "Retry-After": h.retryAfter }),
  /** 409: Retry-After only on the in-flight conflict, which is the one worth retrying. */
  conflict: z.object({ "X-Request-Id": h.requestId, ...rateLimit, "Retry-After": h.retryAfter.optional() }),
  methodNotAllowed: z.object({ "X-Request-Id": h.requestId, Allow: h.allow }),
  verified: z.object({ "X-Request-Id": h.requestId, ...rateLimit, "Idempotent-Replayed": h.idempotentReplayed.optional() }),
  pending: z.object({
    "X-Request-Id": h.requestId,
    ...rateLimit,
    "Preference-Applied": h.preferenceApplied.optional(),
    "Idempotent-Replayed": h.idempotentReplayed.optional(),
  }),
};
