import { z } from "zod";
import { transactOnce } from "@/server/submissions";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/authorization";
import { hashInvitationToken, newInvitationToken } from "./invitation-token";
import { roleSchema } from "@/contracts/team";

export const INVITATION_DAYS = 7;

export const createInvitationInput = z.object({ businessId: z.uuid(), role: roleSchema });

/** Creates an invitation link (owners only). The token is returned once; only its hash is kept. */
export async function createInvitation(ctx: ServiceContext, input: z.input<typeof createInvitationInput>) {
  const { businessId, role } = createInvitationInput.parse(input);
  assertBusinessAccess(ctx, businessId, "owner");
  if (ctx.actor.type !== "user") throw new Error("Invitations are created by a signed-in owner");
  const token = newInvitationToken();
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 86_400_000);
  const createdById = ctx.actor.userId;
  return transactOnce(ctx, "invitation.create", async (tx) => {
    const invitation = await tx.invitation.create({
      data: { businessId, role, tokenHash: hashInvitationToken(token), createdById, expiresAt },
    });
    await recordAudit(tx, ctx, {
      action: "invitation.created",
      businessId,
      targetType: "invitation",
      targetId: invitation.id,
      metadata: { role },
    });
    return { id: invitation.id, token, role, expiresAt };
  });
}
