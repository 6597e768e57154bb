import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { badRequest, notFound } from "@/server/errors";

export const revokeInvitationInput = z.object({ businessId: z.uuid(), invitationId: z.uuid() });

/**
 * Revokes an open invitation: its link stops working at once. Revoking it again changes nothing
 * (and is not audited twice); an invitation already accepted cannot be revoked (remove the member).
 */
export async function revokeInvitation(ctx: ServiceContext, input: z.input<typeof revokeInvitationInput>) {
  const { businessId, invitationId } = revokeInvitationInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageTeam");
  return db().$transaction(async (tx) => {
    const revoked = await tx.invitation.updateManyAndReturn({
      where: { id: invitationId, businessId, acceptedAt: null, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    if (revoked.length === 0) {
      const existing = await tx.invitation.findFirst({ where: { id: invitationId, businessId }, select: { acceptedAt: true, revokedAt: true } });
      if (!existing) throw notFound("Invitation not found");
      if (existing.acceptedAt) throw badRequest("This invitation was already accepted; remove the member instead");
      return { invitationId, revokedAt: existing.revokedAt! };
    }
    await recordAudit(tx, ctx, { action: "invitation.revoked", businessId, targetType: "invitation", targetId: invitationId, metadata: { role: revoked[0]!.role } });
    return { invitationId, revokedAt: revoked[0]!.revokedAt! };
  });
}
