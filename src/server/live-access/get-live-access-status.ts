import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { notFound } from "@/server/errors";

export const getLiveAccessStatusInput = z.object({ businessId: z.uuid() });

/**
 * The business's live-access state and its latest application: the reason when rejected, and
 * what was submitted, so a rejected business can correct its application rather than retype it.
 */
export async function getLiveAccessStatus(ctx: ServiceContext, input: z.input<typeof getLiveAccessStatusInput>) {
  const { businessId } = getLiveAccessStatusInput.parse(input);
  assertBusinessAccess(ctx, businessId, "read");
  const business = await db().business.findUnique({
    where: { id: businessId },
    select: {
      liveAccess: true,
      plan: true,
      applications: {
        orderBy: { createdAt: "desc" },
        take: 1,
        select: {
          id: true,
          status: true,
          rejectionReason: true,
          createdAt: true,
          decidedAt: true,
          legalName: true,
          registrationNumber: true,
          country: true,
          address: true,
          contactName: true,
          contactEmail: true,
          intendedUse: true,
          expectedMonthlyVolume: true,
        },
      },
    },
  });
  if (!business) throw notFound("Business not found");
  return { liveAccess: business.liveAccess, plan: business.plan, latestApplication: business.applications[0] ?? null };
}
