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
} as const satisfies Record<VerificationResult, string>;
