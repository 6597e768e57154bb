import { z } from "zod";
import { verifyCitizenRequestSchema, type VerifyCitizenResponse } from "@/contracts/verifications";
import type { ServiceContext } from "@/server/context";
import { admitPortalRequest } from "@/server/access/portal-admission";
import { AppError, conflict } from "@/server/errors";
import { verifyCitizen } from "./verify-citizen";
import { hashIdempotencyKey } from "@/server/crypto/secrets";
import { assertConsentPolicy } from "./consent-policy";
import { requestHash, type IdempotencyScope } from "./idempotency";

export const verifyFromPortalInput = verifyCitizenRequestSchema.extend({ businessId: z.uuid(), mode: z.enum(["test", "live"]) });

/**
 * The portal's verify form: the API's verification with channel `portal`, charged the same, behind
 * the portal's admission (the API's checks without a key). The form's submission token is its
 * Idempotency-Key: a repeated submission is answered with the first one's result, not charged again.
 */
export async function verifyFromPortal(ctx: ServiceContext, input: z.input<typeof verifyFromPortalInput>): Promise<VerifyCitizenResponse> {
  const { businessId, mode, nationalId, purpose, match, consent, lawfulBasis } = verifyFromPortalInput.parse(input);
  const { requireLiveConsent } = await admitPortalRequest(ctx, businessId, mode, "verify");
  assertConsentPolicy({ mode, requireLiveConsent }, consent);
  const request = { nationalId, purpose, match, consent, lawfulBasis };
  const scope = submissionScope(ctx, businessId, mode);
  const idempotency = scope ? { scope, hash: requestHash(request) } : null;
  try {
    return (await verifyCitizen(ctx, { businessId, mode, channel: "portal", ...request, idempotency })).body;
  } catch (error) {
    throw inFormWords(error);
  }
}

/** The form has no Idempotency-Key its reader could know of: the API's wording about one is put in the form's terms. */
function inFormWords(error: unknown): unknown {
  if (!(error instanceof AppError)) return error;
  if (error.code === "IDEMPOTENCY_IN_FLIGHT") {
    return new AppError(error.code, "This verification is still running. Wait a moment, then press Verify again to see its result.", error.options);
  }
  if (error.code === "CONFLICT") return conflict("This form was already sent with other details. Reload the page to verify someone else.");
  return error;
}

/** Keyed like the API's Idempotency-Keys; the prefix keeps a portal form's key apart from them. */
export function submissionScope(ctx: ServiceContext, businessId: string, mode: "test" | "live"): IdempotencyScope | null {
  if (!ctx.submissionId || ctx.actor.type !== "user") return null;
  return { businessId, mode, key: hashIdempotencyKey(`portal-form:${ctx.actor.userId}:${ctx.submissionId}`) };
}
