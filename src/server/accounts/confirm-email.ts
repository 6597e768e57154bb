import type { z } from "zod";
import { confirmEmailInput, passwordResetTokenSchema } from "@/contracts/accounts";
import type { ServiceContext } from "@/server/context";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/audit/record";
import { badRequest } from "@/server/errors";
import { checkAccountPassword } from "@/server/accounts/account-throttle";
import { EXPIRED_LINK_MESSAGE, findUsableLink, useUpLink } from "./email-links";

export const WRONG_SIGN_UP_PASSWORD = "This is not the password chosen when signing up.";

/** A confirmation link that has done its work keeps answering "confirmed" until it expires: a second click is not an error. */
const linkFor = (token: string) => findUsableLink(token, "email_confirmation", true);

/** Whether a confirmation link works, and for which address, so its page can say so before a password is typed. */
export async function checkEmailConfirmationLink(token: string): Promise<{ usable: false } | { usable: true; email: string }> {
  const parsed = passwordResetTokenSchema.safeParse(token);
  const link = parsed.success ? await linkFor(parsed.data) : null;
  return link && (!link.usedAt || link.user.emailConfirmedAt) ? { usable: true, email: link.user.email } : { usable: false };
}

/**
 * Confirms a new account's email address: the link proves the mailbox, the password proves that
 * whoever confirms is whoever signed up (so nobody can sign up with someone else's address and
 * have its owner confirm an account whose password the stranger knows). The link is used up in
 * the same transaction; a repeat of a confirmation that succeeded answers the same. Audited as the
 * user's act. Returns the address, which the page then signs in with.
 */
export async function confirmEmail(ctx: ServiceContext, input: z.input<typeof confirmEmailInput>): Promise<{ email: string }> {
  const { token, password } = confirmEmailInput.parse(input);
  const link = await linkFor(token);
  if (!link || (link.usedAt && !link.user.emailConfirmedAt)) throw badRequest(EXPIRED_LINK_MESSAGE);
  const { user } = link;
  if (!(await checkAccountPassword(user, password))) throw badRequest(WRONG_SIGN_UP_PASSWORD, [{ field: "password", message: WRONG_SIGN_UP_PASSWORD }]);
  if (link.usedAt) return { email: user.email };
  await db().$transaction(async (tx) => {
    await useUpLink(tx, link.id);
    await tx.user.update({ where: { id: user.id }, data: { emailConfirmedAt: new Date() } });
    const actor = { type: "user" as const, userId: user.id, isPlatformAdmin: user.isPlatformAdmin };
    await recordAudit(tx, { ...ctx, actor }, { action: "user.email_confirmed", targetType: "user", targetId: user.id });
  });
  return { email: user.email };
}
