import { z } from "zod";
import { transactOnce } from "@/server/submissions";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { conflict, forbidden, notFound } from "@/server/errors";
import { liveAccessApplicationSchema } from "@/contracts/live-access";

export const applyForLiveAccessInput = liveAccessApplicationSchema.extend({ businessId: z.uuid() });

/**
 * Submits a live-access application (business owners). The business moves to `pending`; only
 * businesses with no decision yet or a rejected application may apply, one application at a time.
 */
export async function applyForLiveAccess(ctx: ServiceContext, input: z.input<typeof applyForLiveAccessInput>) {
  const { businessId, ...form } = applyForLiveAccessInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageLiveAccess");
  if (ctx.actor.type !== "user") throw forbidden("Only a signed-in business owner can apply for live access");
  const submittedById = ctx.actor.userId;
  return transactOnce(ctx, "live_access.apply", async (tx) => {
    // Conditional update: of two concurrent submissions, only one finds the business undecided.
    const moved = await tx.business.updateMany({
      where: { id: businessId, liveAccess: { in: ["none", "rejected"] } },
      data: { liveAccess: "pending" },
    });
    if (moved.count === 0) {
      const business = await tx.business.findUnique({ where: { id: businessId }, select: { liveAccess: true } });
      if (!business) throw notFound("Business not found");
      throw conflict(
        business.liveAccess === "approved"
          ? "Live access is already approved for this business"
          : "An application is already waiting for review. You can apply again once it is decided.",
      );
    }
    const application = await tx.liveAccessApplication.create({ data: { businessId, submittedById, ...form } });
    await recordAudit(tx, ctx, {
      action: "live_access.applied",
      businessId,
      mode: "live",
      targetType: "live_access_application",
      targetId: application.id,
      metadata: { expectedMonthlyVolume: form.expectedMonthlyVolume, country: form.country },
    });
    return { applicationId: application.id, status: application.status };
  });
}
