import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";

export const lowCreditThresholdSchema = z
  .number({ error: "Enter a whole number" })
  .int("Enter a whole number")
  .min(0, "The threshold cannot be negative")
  .max(100_000_000, "The threshold is too large");

export const setLowCreditThresholdInput = z.object({ businessId: z.uuid(), threshold: lowCreditThresholdSchema });

/** The balance below which `credits_low` fires (owners only). */
export async function setLowCreditThreshold(ctx: ServiceContext, input: z.input<typeof setLowCreditThresholdInput>) {
  const { businessId, threshold } = setLowCreditThresholdInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageBusiness");
  return db().$transaction(async (tx) => {
    // The exclusive credit lock first (before the business row, which charges update after taking
    // it): no charge is in flight while the threshold they compare with changes.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(credit_lock_key(${businessId}::uuid))`;
    const before = await tx.business.findUniqueOrThrow({ where: { id: businessId }, select: { lowCreditThreshold: true } });
    await tx.business.update({ where: { id: businessId }, data: { lowCreditThreshold: threshold } });
    await recordAudit(tx, ctx, {
      action: "credits.threshold_changed",
      businessId,
      mode: "live",
      targetType: "business",
      targetId: businessId,
      metadata: { from: before.lowCreditThreshold, to: threshold },
    });
    return { threshold };
  });
}
