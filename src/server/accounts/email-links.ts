/**
 * The single-use links Hubi emails: a password reset (30 minutes) or the confirmation of a new
 * account's email address (24 hours). One mechanism for both: a random token that only the email
 * carries, stored as a keyed hash (a copy of the table cannot be turned into working links), an
 * expiry, and a use that happens once, in the same transaction as what the link does.
 */
import { randomBytes, randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { passwordResetTokenHash } from "@/server/crypto/secrets";
import { badRequest } from "@/server/errors";

export type LinkPurpose = "password_reset" | "email_confirmation";

export const LINK_MINUTES: Record<LinkPurpose, number> = { password_reset: 30, email_confirmation: 24 * 60 };

export const EXPIRED_LINK_MESSAGE = "This link has expired or was already used. Ask for a new one.";

type Tx = Prisma.TransactionClient;

/** A new link for `userId`; returns the token to email (never stored) and the link's id. */
export async function issueEmailLink(tx: Tx, userId: string, purpose: LinkPurpose): Promise<{ id: string; token: string }> {
  const token = randomBytes(32).toString("base64url");
  const id = randomUUID();
  const now = new Date();
  await tx.passwordReset.create({
    data: { id, userId, purpose, tokenHash: passwordResetTokenHash(token), createdAt: now, expiresAt: new Date(now.getTime() + LINK_MINUTES[purpose] * 60_000) },
  });
  return { id, token };
}

/** The link a token names, while it works: unexpired and, unless `evenIfUsed`, unused. */
export async function findUsableLink(token: string, purpose: LinkPurpose, evenIfUsed = false) {
  return db().passwordReset.findFirst({
    where: { tokenHash: passwordResetTokenHash(token), purpose, expiresAt: { gt: new Date() }, ...(evenIfUsed ? {} : { usedAt: null }) },
    select: { id: true, usedAt: true, user: { select: { id: true, email: true, locale: true, passwordHash: true, isPlatformAdmin: true, emailConfirmedAt: true } } },
  });
}

/** Uses the link up inside the caller's transaction; a second use (two submissions racing) is refused. */
export async function useUpLink(tx: Tx, linkId: string): Promise<void> {
  const used = await tx.passwordReset.updateMany({ where: { id: linkId, usedAt: null, expiresAt: { gt: new Date() } }, data: { usedAt: new Date() } });
  if (used.count === 0) throw badRequest(EXPIRED_LINK_MESSAGE);
}
