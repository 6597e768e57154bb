import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { notFound } from "@/server/errors";
import { creditBalance } from "@/server/credits/credit-balance";

export const getBusinessSummaryInput = z.object({ businessId: z.uuid() });

/** What every portal page may need to know about the business: plan, live access, credits, data-protection settings. */
export async function getBusinessSummary(ctx: ServiceContext, input: z.input<typeof getBusinessSummaryInput>) {
  const { businessId } = getBusinessSummaryInput.parse(input);
  assertBusinessAccess(ctx, businessId, "read");
  const business = await db().business.findUnique({
    where: { id: businessId },
    select: {
      id: true,
      name: true,
      status: true,
      plan: true,
      liveAccess: true,
      lowCreditThreshold: true,
      requireLiveConsent: true,
      retentionYears: true,
      requireTwoFactor: true,
    },
  });
  if (!business) throw notFound("Business not found");
  return { ...business, creditBalance: await creditBalance(businessId) };
}
