import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/authorization";

export const listLedgerInput = z.object({
  businessId: z.uuid(),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(20),
});

/** The live credit ledger, newest first. */
export async function listLedger(ctx: ServiceContext, input: z.input<typeof listLedgerInput>) {
  const { businessId, page, limit } = listLedgerInput.parse(input);
  assertBusinessAccess(ctx, businessId, "viewer");
  const [entries, total] = await Promise.all([
    db().creditLedgerEntry.findMany({
      where: { businessId },
      orderBy: { id: "desc" },
      skip: (page - 1) * limit,
      take: limit,
      select: { id: true, kind: true, amount: true, balanceAfter: true, note: true, requestId: true, createdAt: true },
    }),
    db().creditLedgerEntry.count({ where: { businessId } }),
  ]);
  // BigInt ids do not survive JSON; the portal only needs them as React keys.
  return { data: entries.map((e) => ({ ...e, id: e.id.toString() })), pagination: { page, limit, total } };
}
