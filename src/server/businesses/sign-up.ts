import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import type { ServiceContext } from "@/server/context";
import { db } from "@/server/db/client";
import { enqueueEmail } from "@/server/mail/enqueue";
import { hashPassword } from "@/server/accounts/passwords";
import { throttleSignUp } from "@/server/accounts/throttle-sign-up";
import { issueEmailLink } from "@/server/accounts/email-links";
import { insertBusinessAndOwner } from "./create-business";
import { signUpInput } from "@/contracts/accounts";

type Tx = Prisma.TransactionClient;
type SignUp = z.output<typeof signUpInput>;

/**
 * The public sign-up answers alike whether or not the address has an account (product rules §2),
 * and does the same password work either way. A new address gets a starter business and its
 * owner, unusable until the emailed link confirms the address; an address with an account gets
 * an email saying that someone tried to sign up with it, and nothing changes. Signing up again
 * before confirming replaces the details and the link (the latest sign-up is the one confirmed).
 * Throttled per client address and per address asked for.
 */
export async function signUp(ctx: ServiceContext, input: z.input<typeof signUpInput>, clientAddress: string | undefined) {
  const data = signUpInput.parse(input);
  await throttleSignUp(clientAddress, data.email);
  const passwordHash = await hashPassword(data.password);
  await db().$transaction(async (tx) => {
    // One sign-up per address at a time: two racing ones must not both create an owner.
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`sign-up:${data.email}`}))`;
    const existing = await tx.user.findUnique({ where: { email: data.email }, select: { id: true, email: true, locale: true, emailConfirmedAt: true } });
    if (existing?.emailConfirmedAt) {
      await enqueueEmail(tx, { dedupeKey: `sign_up_attempted:${randomUUID()}`, kind: "sign_up_attempted", to: existing.email, locale: existing.locale, params: {} });
      return;
    }
    const userId = existing ? await replaceUnconfirmed(tx, existing.id, data, passwordHash) : (await insertBusinessAndOwner(tx, ctx, { ...data, plan: "starter", approveLive: false, passwordHash, emailConfirmed: false })).userId;
    const { id, token } = await issueEmailLink(tx, userId, "email_confirmation");
    await enqueueEmail(tx, {
      dedupeKey: `email_confirmation:${id}`,
      kind: "email_confirmation",
      to: data.email,
      locale: data.locale,
      params: { businessName: data.businessName },
      token,
    });
  });
  return { requested: true as const };
}

/** A second sign-up for an address still unconfirmed: its details, and only the newest link works. */
async function replaceUnconfirmed(tx: Tx, userId: string, data: SignUp, passwordHash: string): Promise<string> {
  await tx.user.update({ where: { id: userId }, data: { name: data.ownerName, passwordHash, locale: data.locale } });
  await tx.business.updateMany({ where: { memberships: { some: { userId, role: "owner" } } }, data: { name: data.businessName } });
  await tx.passwordReset.updateMany({ where: { userId, usedAt: null }, data: { usedAt: new Date() } });
  return userId;
}
