import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { notFound } from "@/server/errors";
import { assertOwnerRemains } from "./lock-owners";
import { roleSchema } from "@/contracts/team";

export const changeMemberRoleInput = z.object({ businessId: z.uuid(), userId: z.uuid(), role: roleSchema });

/** Changes a member's role (owners only); the last owner cannot be demoted. */
export async function changeMemberRole(ctx: ServiceContext, input: z.input<typeof changeMemberRoleInput>) {
  const { businessId, userId, role } = changeMemberRoleInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageTeam");
  return db().$transaction(async (tx) => {
    const member = await tx.membership.findUnique({ where: { userId_businessId: { userId, businessId } } });
    if (!member) throw notFound("Member not found");
    if (member.role === role) return { userId, role };
    if (member.role === "owner") await assertOwnerRemains(tx, businessId, userId);
    await tx.membership.update({ where: { userId_businessId: { userId, businessId } }, data: { role } });
    await recordAudit(tx, ctx, {
      action: "member.role_changed",
      businessId,
      targetType: "user",
      targetId: userId,
      metadata: { from: member.role, to: role },
    });
    return { userId, role };
  });
}
