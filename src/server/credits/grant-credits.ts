import type { z } from "zod";
import { grantCreditsInput } from "@/contracts/credits";
import { transactOnce } from "@/server/submissions";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertPlatformAdmin } from "@/server/access/authorization";
import { notFound } from "@/server/errors";

export { grantCreditsInput };

/** Adds live credits (platform admins). Buckets and ledger change in one transaction, once per submission. */
export async function grantCredits(ctx: ServiceContext, input: z.input<typeof grantCreditsInput>) {
  const { businessId, amount, note } = grantCreditsInput.parse(input);
  assertPlatformAdmin(ctx);
  return transactOnce(ctx, "credits.grant", async (tx) => {
    if (!(await tx.business.findUnique({ where: { id: businessId }, select: { id: true } }))) throw notFound("Business not found");
    // Spread over the credit buckets (charge-credit-sql.ts).
    const [{ balance }] = await tx.$queryRaw<[{ balance: number }]>`SELECT credit_grant(${businessId}::uuid, ${amount}::int) AS balance`;
    await tx.creditLedgerEntry.create({
      data: {
        businessId,
        kind: "grant",
        amount,
        balanceAfter: balance,
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
      metadata: { amount, balance, note: note ?? null },
    });
    return { balance };
  });
}
