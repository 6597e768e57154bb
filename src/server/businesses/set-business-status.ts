import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { buildEvent, raiseEvent } from "@/server/events/outbox";
import { notFound } from "@/server/errors";
import { assertPlatformAdmin } from "@/server/access/authorization";

export const setBusinessStatusInput = z.object({
  businessId: z.uuid(),
  status: z.enum(["active", "suspended"]),
  reason: z.string().trim().max(500).optional(),
});

/** Suspend or reactivate a business (platform admins). Suspension takes effect on the next API call. */
export async function setBusinessStatus(ctx: ServiceContext, input: z.input<typeof setBusinessStatusInput>) {
  const { businessId, status, reason } = setBusinessStatusInput.parse(input);
  assertPlatformAdmin(ctx);
  return db().$transaction(async (tx) => {
    const before = await tx.business.findUnique({ where: { id: businessId }, select: { status: true } });
    if (!before) throw notFound("Business not found");
    if (before.status === status) return { businessId, status };
    await tx.business.update({ where: { id: businessId }, data: { status } });
    await recordAudit(tx, ctx, {
      action: status === "suspended" ? "business.suspended" : "business.reactivated",
      businessId,
      targetType: "business",
      targetId: businessId,
      metadata: { reason: reason ?? null },
    });
    if (status === "suspended") {
      for (const mode of ["test", "live"] as const) {
        await raiseEvent(tx, businessId, buildEvent("business_suspended", mode, { reason: reason ?? null }));
      }
    }
    return { businessId, status };
  });
}
