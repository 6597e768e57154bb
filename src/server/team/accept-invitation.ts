import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { forbidden } from "@/server/errors";
import { claimInvitation } from "./claim-invitation";
import { invitationTokenSchema } from "@/contracts/team";

export const acceptInvitationInput = z.object({ token: invitationTokenSchema });

/** Makes the signed-in user a member with the invited role. */
export async function acceptInvitation(ctx: ServiceContext, input: z.input<typeof acceptInvitationInput>) {
  const { token } = acceptInvitationInput.parse(input);
  if (ctx.actor.type !== "user") throw forbidden("Sign in to accept an invitation");
  const userId = ctx.actor.userId;
  return db().$transaction((tx) => claimInvitation(tx, ctx, token, userId));
}
