import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertPlatformAdmin } from "@/server/authorization";
import { notFound } from "@/server/errors";

export const changePlanInput = z.object({
  businessId: z.uuid(),
  plan: z.enum(["starter", "enterprise"]),
});

/** Moves a business between plans (platform admins). Live calls need enterprise (DECISIONS §2). */
export async function changePlan(ctx: ServiceContext, input: z.input<typeof changePlanInput>) {
  const { businessId, plan } = changePlanInput.parse(input);
  assertPlatformAdmin(ctx);
  return db().$transaction(async (tx) => {
    const before = await tx.business.findUnique({ where: { id: businessId }, select: { plan: true } });
    if (!before) throw notFound("Business not found");
    if (before.plan === plan) return { businessId, plan };
    await tx.business.update({ where: { id: businessId }, data: { plan } });
    await recordAudit(tx, ctx, {
      action: "business.plan_changed",
      businessId,
      targetType: "business",
      targetId: businessId,
      metadata: { from: before.plan, to: plan },
    });
    return { businessId, plan };
  });
}
