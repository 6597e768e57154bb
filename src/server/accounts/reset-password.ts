import type { z } from "zod";
import { passwordResetTokenSchema, resetPasswordInput } from "@/contracts/accounts";
import type { ServiceContext } from "@/server/context";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/audit/record";
import { signInAccountHash } from "@/server/crypto/secrets";
import { badRequest } from "@/server/errors";
import { hashPassword } from "@/server/accounts/passwords";
import { endSessions } from "./sessions";
import { EXPIRED_LINK_MESSAGE, findUsableLink, useUpLink } from "./email-links";

/** Whether a reset link still works, so its page can say so before a password is typed. */
export async function checkPasswordResetLink(token: string): Promise<{ usable: boolean }> {
  const parsed = passwordResetTokenSchema.safeParse(token);
  return { usable: parsed.success && !!(await findUsableLink(parsed.data, "password_reset")) };
}

/**
 * Sets a new password from a reset link. The link is used up (with every other open link of the
 * user) in the same transaction as the change, so it works once even when submitted twice at the
 * same moment; every session of the user ends, and so does a sign-in delay on the account
 * (product rules §21). The link proves the mailbox, so it confirms the address too. Audited as
 * the user's act.
 */
export async function resetPassword(ctx: ServiceContext, input: z.input<typeof resetPasswordInput>) {
  const { token, password } = resetPasswordInput.parse(input);
  // Checked before the (deliberately slow) hashing, so invalid links cost nothing.
  const reset = await findUsableLink(token, "password_reset");
  if (!reset) throw badRequest(EXPIRED_LINK_MESSAGE);
  const passwordHash = await hashPassword(password);
  const user = reset.user;
  return db().$transaction(async (tx) => {
    await useUpLink(tx, reset.id);
    await tx.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: new Date() } });
    await tx.user.update({ where: { id: user.id }, data: { passwordHash, emailConfirmedAt: user.emailConfirmedAt ?? new Date() } });
    const sessionsEnded = await endSessions(tx, user.id);
    // Whoever holds the mailbox is in control again: an ongoing sign-in delay on the account ends.
    await tx.signInFailure.deleteMany({ where: { accountHash: signInAccountHash(user.email) } });
    const actor = { type: "user" as const, userId: user.id, isPlatformAdmin: user.isPlatformAdmin };
    await recordAudit(tx, { ...ctx, actor }, { action: "user.password_reset", targetType: "user", targetId: user.id, metadata: { sessionsEnded } });
    return { sessionsEnded };
  });
}
