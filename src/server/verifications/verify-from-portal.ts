import { z } from "zod";
import { verifyCitizenRequestSchema, type VerifyCitizenResponse } from "@/contracts/verifications";
import type { ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { assertEligible, BUSINESS_ELIGIBILITY_SQL } from "@/server/access/eligibility";
import { assertBusinessAccess } from "@/server/access/authorization";
import { AppError, conflict, notFound } from "@/server/errors";
import { assertWithinLimit, hitApiLimit } from "@/server/ratelimit/api-limit";
import { verifyCitizen } from "./verify-citizen";
import { hashIdempotencyKey } from "@/server/crypto/secrets";
import { assertConsentPolicy } from "./consent-policy";
import { requestHash, type IdempotencyScope } from "./idempotency";

export const verifyFromPortalInput = verifyCitizenRequestSchema.extend({ businessId: z.uuid(), mode: z.enum(["test", "live"]) });

/**
 * The portal's verify form: the API's verification with channel `portal`, charged the same. The
 * API checks business status and plan when it authenticates the key; the portal has no key, so
 * the same status (one SQL function, one map to errors) is checked here. It counts against the
 * same verify limit (§8): the portal is no way around it. The form's submission token is its
 * Idempotency-Key: a repeated submission is answered with the first one's result, not charged again.
 */
export async function verifyFromPortal(ctx: ServiceContext, input: z.input<typeof verifyFromPortalInput>): Promise<VerifyCitizenResponse> {
  const { businessId, mode, nationalId, purpose, match, consent, lawfulBasis } = verifyFromPortalInput.parse(input);
  assertBusinessAccess(ctx, businessId, "developer");
  const { rows } = await pool().query<{ eligibility: string; rate_limit_per_minute: number; require_live_consent: boolean }>(
    BUSINESS_ELIGIBILITY_SQL,
    [businessId, mode],
  );
  const business = rows[0];
  if (!business) throw notFound("Business not found");
  assertEligible(business.eligibility);
  assertWithinLimit(await hitApiLimit(businessId, mode, "verify", business.rate_limit_per_minute), "verify", mode);
  assertConsentPolicy({ mode, requireLiveConsent: business.require_live_consent }, consent);
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
