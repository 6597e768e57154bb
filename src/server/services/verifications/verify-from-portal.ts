import { z } from "zod";
import { verifyCitizenRequestSchema, type VerifyCitizenResponse } from "@/contracts/verifications";
import type { ServiceContext } from "@/server/context";
import { db } from "@/server/db/client";
import { assertBusinessAccess } from "@/server/authorization";
import { forbidden, notFound } from "@/server/errors";
import { assertWithinLimit, hitApiLimit } from "@/server/ratelimit/api-limit";
import { verifyCitizen } from "./verify-citizen";

export const verifyFromPortalInput = verifyCitizenRequestSchema.extend({ businessId: z.uuid(), mode: z.enum(["test", "live"]) });

/**
 * The portal's verify form: the API's verification with channel `portal`, charged the same. The
 * API checks business status and plan when it authenticates the key; the portal has no key, so
 * the same rules (product rules §2) are checked here, and it counts against the same verify limit
 * (§8): the portal is no way around it.
 */
export async function verifyFromPortal(ctx: ServiceContext, input: z.input<typeof verifyFromPortalInput>): Promise<VerifyCitizenResponse> {
  const { businessId, mode, nationalId, purpose, match } = verifyFromPortalInput.parse(input);
  assertBusinessAccess(ctx, businessId, "developer");
  const business = await db().business.findUnique({ where: { id: businessId }, select: { status: true, plan: true, rateLimitPerMinute: true } });
  if (!business) throw notFound("Business not found");
  if (business.status !== "active") throw forbidden("This business account is suspended. Contact Hubi support.");
  if (mode === "live" && business.plan !== "enterprise") throw forbidden("Live verifications need approved live access.");
  assertWithinLimit(await hitApiLimit(businessId, mode, "verify", business.rateLimitPerMinute));
  const { body } = await verifyCitizen(ctx, { businessId, mode, channel: "portal", nationalId, purpose, match });
  return body;
}
