import { z } from "zod";
import { db } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { hashInvitationToken } from "./invitation-token";
import { invitationTokenSchema } from "@/contracts/team";

export const getInvitationInput = z.object({ token: invitationTokenSchema });

/** What an invitation link offers, for the page that accepts it. Holding the token is the permission. */
export async function getInvitation(input: z.input<typeof getInvitationInput>) {
  const { token } = getInvitationInput.parse(input);
  const invitation = await db().invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    select: { role: true, expiresAt: true, acceptedAt: true, revokedAt: true, business: { select: { name: true } } },
  });
  if (!invitation) throw notFound("This invitation link is not valid");
  const state = invitation.acceptedAt
    ? "accepted"
    : invitation.revokedAt
      ? "revoked"
      : invitation.expiresAt <= new Date()
        ? "expired"
        : "open";
  return { businessName: invitation.business.name, role: invitation.role, state } as const;
}
