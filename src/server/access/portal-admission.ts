/**
 * The portal's gate before a verify or a batch upload. The API checks the same when it
 * authenticates a key (api_authenticate, then the limit); the portal has no key, so the member's
 * role, the business's status and plan (the same SQL function and map to errors) and the same
 * limit buckets are checked here: the portal is no way around them.
 */
import type { Mode } from "@/generated/prisma/enums";
import type { ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { admitToApiLimit } from "@/server/ratelimit/api-limit";
import { assertBusinessAccess } from "./authorization";
import { assertEligible, BUSINESS_ELIGIBILITY_SQL } from "./eligibility";

export type PortalAdmission = { requireLiveConsent: boolean };

export async function admitPortalRequest(ctx: ServiceContext, businessId: string, mode: Mode, group: "verify" | "batch"): Promise<PortalAdmission> {
  assertBusinessAccess(ctx, businessId, "verify");
  const { rows } = await pool().query<{ eligibility: string; rate_limit_per_minute: number; require_live_consent: boolean }>(BUSINESS_ELIGIBILITY_SQL, [
    businessId,
    mode,
  ]);
  const business = rows[0];
  if (!business) throw notFound("Business not found");
  assertEligible(business.eligibility, group);
  await admitToApiLimit(businessId, mode, group, business.rate_limit_per_minute);
  return { requireLiveConsent: business.require_live_consent };
}
