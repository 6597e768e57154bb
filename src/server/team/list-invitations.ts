import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";

export const listInvitationsInput = z.object({ businessId: z.uuid() });

/** Open invitations (not accepted, revoked or expired), owners only. Tokens cannot be shown again. */
export async function listInvitations(ctx: ServiceContext, input: z.input<typeof listInvitationsInput>) {
  const { businessId } = listInvitationsInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageTeam");
  return db().invitation.findMany({
    where: { businessId, acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } },
    orderBy: { createdAt: "desc" },
    select: { id: true, role: true, createdAt: true, expiresAt: true },
  });
}
