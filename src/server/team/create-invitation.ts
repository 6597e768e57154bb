import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { Role } from "@/generated/prisma/enums";
import { transactOnce } from "@/server/submissions";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { hashInvitationToken, newInvitationToken } from "./invitation-token";
import { invitationEmailSchema, roleSchema } from "@/contracts/team";
import { enqueueEmail } from "@/server/mail/enqueue";

export const INVITATION_DAYS = 7;

export const createInvitationInput = z.object({ businessId: z.uuid(), role: roleSchema, email: invitationEmailSchema });

/**
 * Creates an invitation link (owners only). The token is returned once; only its hash is kept.
 * With an email address, the link is also emailed, in the language of the account that address
 * already has, else in the inviter's.
 */
export async function createInvitation(ctx: ServiceContext, input: z.input<typeof createInvitationInput>) {
  const { businessId, role, email } = createInvitationInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageTeam");
  if (ctx.actor.type !== "user") throw new Error("Invitations are created by a signed-in owner");
  const token = newInvitationToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const createdById = ctx.actor.userId;
  return transactOnce(ctx, "invitation.create", async (tx) => {
    const invitation = await tx.invitation.create({
      data: { businessId, role, tokenHash: hashInvitationToken(token), createdById, expiresAt, email },
    });
    if (email) await emailInvitation(tx, { invitationId: invitation.id, businessId, role, email, createdById, token, expiresAt });
    await recordAudit(tx, ctx, {
      action: "invitation.created",
      businessId,
      targetType: "invitation",
      targetId: invitation.id,
      metadata: { role, emailed: !!email },
    });
    return { id: invitation.id, token, role, expiresAt, emailed: !!email };
  });
}

async function emailInvitation(
  tx: Prisma.TransactionClient,
  i: { invitationId: string; businessId: string; role: Role; email: string; createdById: string; token: string; expiresAt: Date },
) {
  const [business, inviter, invitee] = await Promise.all([
    tx.business.findUniqueOrThrow({ where: { id: i.businessId }, select: { name: true } }),
    tx.user.findUniqueOrThrow({ where: { id: i.createdById }, select: { name: true, locale: true } }),
    tx.user.findUnique({ where: { email: i.email }, select: { locale: true } }),
  ]);
  await enqueueEmail(tx, {
    dedupeKey: `invitation:${i.invitationId}`,
    kind: "invitation",
    to: i.email,
    locale: invitee?.locale ?? inviter.locale,
    params: { businessName: business.name, inviterName: inviter.name, role: i.role, expiresAt: i.expiresAt.toISOString() },
    token: i.token,
  });
}
