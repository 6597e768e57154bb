import type { z } from "zod";
import { passwordResetTokenSchema, resetPasswordInput } from "@/contracts/accounts";
import type { ServiceContext } from "@/server/context";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/audit/record";
import { passwordResetTokenHash, signInAccountHash } from "@/server/crypto/secrets";
import { badRequest } from "@/server/errors";
import { hashPassword } from "@/server/services/users/passwords";
import { endSessions } from "./sessions";

export const EXPIRED_LINK_MESSAGE = "This link has expired or was already used. Ask for a new one.";

async function usableReset(token: string) {
  return db().passwordReset.findFirst({
    where: { tokenHash: passwordResetTokenHash(token), usedAt: null, expiresAt: { gt: new Date() } },
    select: { id: true, user: { select: { id: true, email: true, isPlatformAdmin: true } } },
  });
}

/** Whether a reset link still works, so its page can say so before a password is typed. */
export async function checkPasswordResetLink(token: string): Promise<{ usable: boolean }> {
  const parsed = passwordResetTokenSchema.safeParse(token);
  return { usable: parsed.success && !!(await usableReset(parsed.data)) };
}

/**
 * Sets a new password from a reset link. The link is used up (with every other open link of the
 * user) in the same transaction as the change, so it works once even when submitted twice at the
 * same moment; every session of the user ends, and so does a sign-in delay on the account
 * (product rules §21). Audited as the user's act.
 */
export async function resetPassword(ctx: ServiceContext, input: z.input<typeof resetPasswordInput>) {
  const { token, password } = resetPasswordInput.parse(input);
  // Checked before the (deliberately slow) hashing, so invalid links cost nothing.
  const reset = await usableReset(token);
  if (!reset) throw badRequest(EXPIRED_LINK_MESSAGE);
  const passwordHash = await hashPassword(password);
  const user = reset.user;
  return db().$transaction(async (tx) => {
    const used = await tx.passwordReset.updateMany({ where: { id: reset.id, usedAt: null, expiresAt: { gt: new Date() } }, data: { usedAt: new Date() } });
    if (used.count === 0) throw badRequest(EXPIRED_LINK_MESSAGE);
    await tx.passwordReset.updateMany({ where: { userId: user.id, usedAt: null }, data: { usedAt: new Date() } });
    await tx.user.update({ where: { id: user.id }, data: { passwordHash } });
    const sessionsEnded = await endSessions(tx, user.id);
    // Whoever holds the mailbox is in control again: an ongoing sign-in delay on the account ends.
    await tx.signInFailure.deleteMany({ where: { accountHash: signInAccountHash(user.email) } });
    const actor = { type: "user" as const, userId: user.id, isPlatformAdmin: user.isPlatformAdmin };
    await recordAudit(tx, { ...ctx, actor }, { action: "user.password_reset", targetType: "user", targetId: user.id, metadata: { sessionsEnded } });
    return { sessionsEnded };
  });
}
