import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { notFound } from "@/server/errors";
import { assertOwnerRemains } from "./lock-owners";
import { endSessions } from "@/server/accounts/sessions";

export const removeMemberInput = z.object({ businessId: z.uuid(), userId: z.uuid() });

/** Removes a member (owners only); the last owner cannot be removed. The member's sessions end (product rules §21). */
export async function removeMember(ctx: ServiceContext, input: z.input<typeof removeMemberInput>) {
  const { businessId, userId } = removeMemberInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageTeam");
  return db().$transaction(async (tx) => {
    const member = await tx.membership.findUnique({ where: { userId_businessId: { userId, businessId } } });
    if (!member) throw notFound("Member not found");
    if (member.role === "owner") await assertOwnerRemains(tx, businessId, userId);
    await tx.membership.delete({ where: { userId_businessId: { userId, businessId } } });
    await endSessions(tx, userId);
    await recordAudit(tx, ctx, { action: "member.removed", businessId, targetType: "user", targetId: userId, metadata: { role: member.role } });
    return { userId };
  });
}
