import { z } from "zod";
import { transactOnce } from "@/server/submissions";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertPlatformAdmin } from "@/server/authorization";
import { notFound } from "@/server/errors";

export const grantCreditsInput = z.object({
  businessId: z.uuid(),
  amount: z.number().int().min(1, "Amount must be at least 1").max(100_000_000),
  note: z.string().trim().max(500).optional(),
});

/** Adds live credits (platform admins). Balance and ledger change in one transaction, once per submission. */
export async function grantCredits(ctx: ServiceContext, input: z.input<typeof grantCreditsInput>) {
  const { businessId, amount, note } = grantCreditsInput.parse(input);
  assertPlatformAdmin(ctx);
  return transactOnce(ctx, "credits.grant", async (tx) => {
    const updated = await tx.business
      .update({ where: { id: businessId }, data: { creditBalance: { increment: amount } }, select: { creditBalance: true } })
      .catch(() => null);
    if (!updated) throw notFound("Business not found");
    await tx.creditLedgerEntry.create({
      data: {
        businessId,
        kind: "grant",
        amount,
        balanceAfter: updated.creditBalance,
        note: note ?? null,
        actorUserId: ctx.actor.type === "user" ? ctx.actor.userId : null,
        requestId: ctx.requestId,
      },
    });
    await recordAudit(tx, ctx, {
      action: "credits.granted",
      businessId,
      mode: "live",
      targetType: "business",
      targetId: businessId,
      metadata: { amount, balance: updated.creditBalance, note: note ?? null },
    });
    return { balance: updated.creditBalance };
  });
}
