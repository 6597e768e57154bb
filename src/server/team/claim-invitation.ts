import type { Prisma } from "@/generated/prisma/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { badRequest, conflict, notFound } from "@/server/errors";
import { hashInvitationToken } from "./invitation-token";

/**
 * Throws unless the invitation link can still be used. Checked before anything about the person
 * signing up, so that an invalid link reveals nothing (not even whether an email has an account).
 */
export async function assertInvitationUsable(tx: Prisma.TransactionClient, token: string): Promise<void> {
  const invitation = await tx.invitation.findUnique({ where: { tokenHash: hashInvitationToken(token) }, select: { acceptedAt: true, expiresAt: true, revokedAt: true } });
  if (!invitation) throw notFound("This invitation link is not valid");
  if (invitation.revokedAt) throw badRequest("This invitation was revoked");
  if (invitation.acceptedAt || invitation.expiresAt <= new Date()) throw badRequest("This invitation has already been used or has expired");
}

/**
 * Uses an invitation for `userId` inside the caller's transaction: marks it accepted (a
 * conditional update, so each link works once even under concurrency) and adds the membership.
 */
export async function claimInvitation(tx: Prisma.TransactionClient, ctx: ServiceContext, token: string, userId: string) {
  const tokenHash = hashInvitationToken(token);
  const [invitation] = await tx.invitation.updateManyAndReturn({
    where: { tokenHash, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    data: { acceptedAt: new Date() },
  });
  if (!invitation) {
    const exists = await tx.invitation.findUnique({ where: { tokenHash }, select: { id: true } });
    throw exists ? badRequest("This invitation has already been used or has expired") : notFound("This invitation link is not valid");
  }
  const existing = await tx.membership.findUnique({ where: { userId_businessId: { userId, businessId: invitation.businessId } } });
  if (existing) throw conflict("You are already a member of this business");
  await tx.membership.create({ data: { userId, businessId: invitation.businessId, role: invitation.role } });
  await recordAudit(tx, ctx, {
    action: "invitation.accepted",
    businessId: invitation.businessId,
    targetType: "user",
    targetId: userId,
    metadata: { role: invitation.role, invitationId: invitation.id },
  });
  return { businessId: invitation.businessId, role: invitation.role };
}
