import type { Prisma } from "@/generated/prisma/client";
import { badRequest } from "@/server/errors";

/**
 * Locks the business row so concurrent role changes are serialised, then refuses a change that
 * would leave the business without an owner.
 */
export async function assertOwnerRemains(tx: Prisma.TransactionClient, businessId: string, leavingUserId: string): Promise<void> {
  await tx.$queryRaw`SELECT id FROM business WHERE id = ${businessId}::uuid FOR UPDATE`;
  const others = await tx.membership.count({ where: { businessId, role: "owner", userId: { not: leavingUserId } } });
  if (others === 0) throw badRequest("A business needs at least one owner. Make someone else an owner first.");
}
