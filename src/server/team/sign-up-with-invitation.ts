import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { conflict } from "@/server/errors";
import { hashPassword } from "@/server/accounts/passwords";
import { throttleSignUp } from "@/server/accounts/throttle-sign-up";
import { invitedSignUpInput } from "@/contracts/team";
import { assertInvitationUsable, claimInvitation } from "./claim-invitation";

/** An invited person's account and membership, atomically: no business of their own is created. */
export async function signUpWithInvitation(ctx: ServiceContext, input: z.input<typeof invitedSignUpInput>, clientAddress?: string) {
  const { token, name, email, password, locale } = invitedSignUpInput.parse(input);
  await throttleSignUp(clientAddress);
  const passwordHash = await hashPassword(password);
  return db().$transaction(async (tx) => {
    await assertInvitationUsable(tx, token);
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
      throw conflict("An account with this email already exists. Sign in to accept the invitation.");
    }
    const user = await tx.user.create({ data: { email, name, passwordHash, locale } });
    await recordAudit(tx, ctx, { action: "user.created", targetType: "user", targetId: user.id });
    return claimInvitation(tx, ctx, token, user.id);
  });
}
