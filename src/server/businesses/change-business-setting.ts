import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import type { Business } from "@/generated/prisma/client";
import { recordAudit } from "@/server/audit/record";
import { notFound } from "@/server/errors";

type Setting = "plan" | "rateLimitPerMinute";

/**
 * Changes one admin-controlled setting of a business and audits it with its old and new value,
 * in one transaction. Setting the current value again changes and records nothing.
 */
export async function changeBusinessSetting<S extends Setting>(
  ctx: ServiceContext,
  businessId: string,
  setting: S,
  value: Business[S],
  action: string,
): Promise<void> {
  await db().$transaction(async (tx) => {
    const before = (await tx.business.findUnique({
      where: { id: businessId },
      select: { [setting]: true } as Record<S, true>,
    })) as Pick<Business, S> | null;
    if (!before) throw notFound("Business not found");
    if (before[setting] === value) return;
    await tx.business.update({ where: { id: businessId }, data: { [setting]: value } });
    await recordAudit(tx, ctx, {
      action,
      businessId,
      targetType: "business",
      targetId: businessId,
      metadata: { from: before[setting], to: value },
    });
  });
}
