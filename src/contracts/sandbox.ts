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
} as const satisfies Record<VerificationResult, string>;

/**
 * Sandbox levers: with a test key these national IDs force what a client must handle. Errors are
 * answered before anything is recorded or counted; the others verify like any other ID.
 */
export const SANDBOX_LEVERS = {
  /** 402 INSUFFICIENT_CREDITS, as a live call with an empty balance gets. */
  insufficient_credits: "55555555555",
  /** 429 RATE_LIMITED with `Retry-After: 2`. */
  rate_limited: "66666666666",
  /** 500 INTERNAL_ERROR. */
  internal_error: "77777777777",
  /** `verified`, answered after 15 seconds: past the client library's default 10 s timeout. */
  slow_response: "88888888888",
  /** `verified`, and a `credits_low` event (balance 9, threshold 10). */
  credits_low: "99999999991",
  /** `verified`, and a `credits_exhausted` event (balance 0). */
  credits_exhausted: "99999999990",
} as const;

export type SandboxLever = keyof typeof SANDBOX_LEVERS;

export const SLOW_RESPONSE_SECONDS = 15;
