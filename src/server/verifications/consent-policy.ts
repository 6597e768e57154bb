/**
 * A business can require its customers' consent on every live verification (product rules §19).
 * Checked with the request's validation, before idempotency, credits or the registry, by the API
 * and the portal alike.
 */
import { CONSENT_REQUIRED_MESSAGE, type ConsentRequest } from "@/contracts/verifications";
import type { Mode } from "@/generated/prisma/enums";
import { badRequest } from "@/server/errors";

export type ConsentPolicy = { mode: Mode; requireLiveConsent: boolean };

export function assertConsentPolicy(policy: ConsentPolicy, consent: ConsentRequest | undefined): void {
  if (policy.mode === "live" && policy.requireLiveConsent && !consent) {
    throw badRequest("The request body is invalid", [{ field: "consent", message: CONSENT_REQUIRED_MESSAGE }]);
  }
}
