/**
 * The documented sandbox magic IDs (product rules §11): with a test key these national IDs always give
 * the same outcome. Any other 11 digits is `verified` with a citizen generated from the ID.
 */
import type { VerificationResult } from "./verifications";

export const SANDBOX_IDS = {
  verified: "11111111111",
  not_found: "22222222222",
  expired: "33333333333",
  revoked: "44444444444",
  deceased: "12121212121",
} as const satisfies Partial<Record<VerificationResult, string>>;

/**
 * Sandbox levers: with a test key these national IDs force what a client must handle. Errors are
 * answered before anything is recorded or counted; the others verify like any other ID, the slow
 * ones within the same time budgets as a slow national registry (product rules §26).
 */
export const SANDBOX_LEVERS = {
  /** 402 INSUFFICIENT_CREDITS, as a live call with an empty balance gets. */
  insufficient_credits: "55555555555",
  /** 429 RATE_LIMITED with `Retry-After: 2`. */
  rate_limited: "66666666666",
  /** 500 INTERNAL_ERROR. */
  internal_error: "77777777777",
  /**
   * `verified`, the registry answering after 15 seconds: a plain request gets 503 REGISTRY_UNAVAILABLE
   * when its 8 s budget runs out (its retry under the same Idempotency-Key gets the result), one with
   * `Prefer: respond-async` gets 202 `pending`, then `verification_completed`.
   */
  slow_response: "88888888888",
  /**
   * `verified`, the registry answering after 3 seconds: with `Prefer: respond-async`, 202 `pending`
   * and `verification_completed` a few seconds later; without it, 200 after those seconds.
   */
  pending: "20202020202",
  /** 503 REGISTRY_UNAVAILABLE with `Retry-After`, as while the registry is down: free, nothing recorded. */
  registry_outage: "50350350350",
  /** `verified`, and a `credits_low` event (balance 9, threshold 10). */
  credits_low: "99999999991",
  /** `verified`, and a `credits_exhausted` event (balance 0). */
  credits_exhausted: "99999999990",
} as const;

export type SandboxLever = keyof typeof SANDBOX_LEVERS;

export const SLOW_RESPONSE_SECONDS = 15;
export const PENDING_SECONDS = 3;
/** The Retry-After of the sandbox's registry outage. */
export const OUTAGE_RETRY_AFTER_SECONDS = 30;
