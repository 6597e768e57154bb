import type { z } from "zod";
import { decideLiveAccessInput } from "@/contracts/live-access";
import { transactOnce } from "@/server/submissions";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertPlatformAdmin } from "@/server/access/authorization";
import { buildEvent, raiseEvent } from "@/server/events/outbox";
import { conflict, notFound } from "@/server/errors";
import { enqueueToMembers } from "@/server/mail/enqueue";

// The schema lives with the contracts: the admin console checks a rejection's reason with it before sending.
export { decideLiveAccessInput };

/**
 * A platform admin's decision on a pending application. Approval also moves the business to the
 * enterprise plan (product rules §2). Both outcomes are audited, raise a live-mode event and are
 * emailed to the business's owners.
 */
export async function decideLiveAccess(ctx: ServiceContext, input: z.input<typeof decideLiveAccessInput>) {
  const data = decideLiveAccessInput.parse(input);
  assertPlatformAdmin(ctx);
  const approved = data.decision === "approve";
  const reason = data.decision === "reject" ? data.reason : null;
  return transactOnce(ctx, "live_access.decide", async (tx) => {
    // Conditional on `pending`: a concurrent decision waits for this row lock, then matches nothing.
    const decided = await tx.liveAccessApplication.updateMany({
      where: { id: data.applicationId, status: "pending" },
      data: {
        status: approved ? "approved" : "rejected",
        rejectionReason: reason,
        decidedById: ctx.actor.type === "user" ? ctx.actor.userId : null,
        decidedAt: new Date(),
      },
    });
    const application = await tx.liveAccessApplication.findUnique({
      where: { id: data.applicationId },
      select: { businessId: true, status: true, business: { select: { name: true } } },
    });
    if (!application) throw notFound("Application not found");
    if (decided.count === 0) throw conflict(`This application was already ${application.status}`);

    const { businessId } = application;
    await tx.business.update({
      where: { id: businessId },
      data: approved ? { liveAccess: "approved", plan: "enterprise" } : { liveAccess: "rejected" },
    });
    await recordAudit(tx, ctx, {
      action: approved ? "live_access.approved" : "live_access.rejected",
      businessId,
      mode: "live",
      targetType: "live_access_application",
      targetId: data.applicationId,
      metadata: approved ? { plan: "enterprise" } : { reason },
    });
    await raiseEvent(
      tx,
      businessId,
      data.decision === "approve"
        ? buildEvent("live_access_approved", "live", { applicationId: data.applicationId })
        : buildEvent("live_access_rejected", "live", { applicationId: data.applicationId, reason: data.reason }),
    );
    const businessName = application.business.name;
    await enqueueToMembers(
      tx,
      { businessId, roles: ["owner"] },
      approved
        ? { kind: "live_access_approved", causeKey: `live_access:${data.applicationId}`, params: { businessName } }
        : { kind: "live_access_rejected", causeKey: `live_access:${data.applicationId}`, params: { businessName, reason: reason! } },
    );
    return { applicationId: data.applicationId, businessId, status: application.status };
  });
}
