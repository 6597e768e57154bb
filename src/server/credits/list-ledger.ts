import { z } from "zod";
import { db } from "@/server/db/client";
import { pageInput, skipTake } from "@/server/db/pagination";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";

export const listLedgerInput = z.object({
  businessId: z.uuid(),
  ...pageInput,
});

/** The live credit ledger, newest first. */
export async function listLedger(ctx: ServiceContext, input: z.input<typeof listLedgerInput>) {
  const { businessId, page, limit } = listLedgerInput.parse(input);
  assertBusinessAccess(ctx, businessId, "read");
  const [entries, total] = await Promise.all([
    db().creditLedgerEntry.findMany({
      where: { businessId },
      orderBy: { id: "desc" },
      ...skipTake({ page, limit }),
      select: { id: true, kind: true, amount: true, balanceAfter: true, note: true, requestId: true, verificationId: true, createdAt: true },
    }),
    db().creditLedgerEntry.count({ where: { businessId } }),
  ]);
  // A charge names its verification, shown by reference (live history: ledger lines are live).
  const ids = entries.flatMap((e) => (e.verificationId ? [e.verificationId] : []));
  const verifications = ids.length
    ? await db().verification.findMany({ where: { id: { in: ids }, businessId }, select: { id: true, reference: true } })
    : [];
  const byId = new Map(verifications.map((v) => [v.id, v]));
  // BigInt ids do not survive JSON; the portal only needs them as React keys.
  return {
    data: entries.map(({ verificationId, ...e }) => ({ ...e, id: e.id.toString(), verification: (verificationId && byId.get(verificationId)) || null })),
    pagination: { page, limit, total },
  };
}
