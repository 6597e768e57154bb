/**
 * HTTP headers of the public contract (product rules §6–§8, §14): the response headers every client
 * may rely on and the webhook signing headers. The OpenAPI document renders them from here; the
 * Idempotency-Key value schema is `idempotencyKeySchema` in ./verifications.
 */
import { z } from "zod";

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
/** A non-negative whole number, as the RateLimit-* and Retry-After headers carry it. */
const count = () => z.string().regex(/^[0-9]+$/);

export const responseHeaderSchemas = {
  requestId: z.string().meta({
    description: "Identifies this request in logs; quote it to support. Also `requestId` in error bodies.",
    example: "req_01JD3QJ8N5W6Y2X4Z7A9B0C1D2",
    header: { id: "X-Request-Id" },
  }),
  allow: z.string().meta({
    description: "The methods this path supports.",
    example: "GET",
    header: { id: "Allow" },
  }),
  rateLimitLimit: count().meta({
    description: "Requests allowed per rolling minute for this endpoint group.",
    example: "60",
    header: { id: "RateLimit-Limit" },
  }),
  rateLimitRemaining: count().meta({
    description: "Requests left in the current window.",
    example: "59",
    header: { id: "RateLimit-Remaining" },
  }),
  rateLimitReset: count().meta({
    description: "Seconds until the window has room again.",
    example: "42",
    header: { id: "RateLimit-Reset" },
  }),
  retryAfter: count().meta({
    description:
      "Seconds to wait before retrying. Sent with 429, with 503 REGISTRY_UNAVAILABLE and with the in-flight Idempotency-Key 409; a 409 without it must not be retried.",
    example: "1",
    header: { id: "Retry-After" },
  }),
  preferenceApplied: z.literal("respond-async").meta({
    description: "On a 202: the request's `Prefer: respond-async` was honoured (RFC 7240).",
    header: { id: "Preference-Applied" },
  }),
  idempotentReplayed: z.literal("true").meta({
    description: "Present when the response is a replay of an earlier request with the same Idempotency-Key.",
    header: { id: "Idempotent-Replayed" },
  }),
};

/** Standard Webhooks signing headers sent with every delivery (product rules §14). */
export const webhookHeaderSchemas = {
  "webhook-id": z.string().meta({ description: "Unique message id; equals the payload's `id`. Use it to deduplicate.", example: "0f6c1a52-9d8e-4a57-b1f4-2c4b7e0d9a11" }),
  "webhook-timestamp": count().meta({ description: "Unix time in seconds of this attempt. Reject deliveries more than 5 minutes off.", example: "1795340000" }),
  "webhook-signature": z.string().meta({
    description:
      "Space-separated list of `v1,<base64>` signatures: HMAC-SHA256 of `${webhook-id}.${webhook-timestamp}.${body}` keyed with the " +
      "base64-decoded part of your `whsec_…` secret after the prefix. Two signatures appear for 24 hours after a secret rotation; accept if any matches.",
    example: "v1,K5oZfzN95Z9UVu1EsfQmfVNQhnkZ2pj9o9NDN/H/pI4=",
  }),
};

/**
 * The TCP peer's address, set by the server itself on every request it receives (any value a
 * client sends is overwritten): see src/instrumentation.ts.
 */
export const PEER_ADDRESS_HEADER = "x-hubi-peer-address";
