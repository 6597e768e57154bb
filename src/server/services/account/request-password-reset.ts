import { randomBytes, randomUUID } from "node:crypto";
import type { z } from "zod";
import { requestPasswordResetInput } from "@/contracts/accounts";
import type { ServiceContext } from "@/server/context";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/audit/record";
import { passwordResetTokenHash } from "@/server/crypto/secrets";
import { AppError } from "@/server/errors";
import { enqueueEmail } from "@/server/mail/enqueue";
import { rateLimiter } from "@/server/ratelimit";
import { addressGroup } from "@/server/http/address-group";

/** How long a reset link works. */
export const RESET_LINK_MINUTES = 30;

// Each request may send an email: bounded per address asked for (whether or not it has an
// account, so the limit tells nothing) and per client address (one client trying many addresses;
// an IPv6 client counts as its /64).
const PER_ACCOUNT = { limit: 3, windowSeconds: 15 * 60 };
const PER_CLIENT = { limit: 20, windowSeconds: 60 * 60 };

async function throttle(key: string, rule: { limit: number; windowSeconds: number }) {
  const hit = await rateLimiter().hit(key, rule.limit, rule.windowSeconds);
  if (!hit.allowed) {
    throw new AppError("RATE_LIMITED", "Too many password reset requests. Try again later.", { headers: { "retry-after": String(hit.resetSeconds) } });
  }
}

/**
 * "Forgot password": emails a single-use link valid for 30 minutes when the address has an
 * account. The answer is the same either way, so it cannot be used to learn who has an account.
 * Only a keyed hash of the link's token is stored.
 */
export async function requestPasswordReset(ctx: ServiceContext, input: z.input<typeof requestPasswordResetInput>, clientAddress: string | undefined) {
  const { email } = requestPasswordResetInput.parse(input);
  if (clientAddress) await throttle(`reset:ip:${addressGroup(clientAddress)}`, PER_CLIENT);
  await throttle(`reset:account:${email}`, PER_ACCOUNT);
  const user = await db().user.findUnique({ where: { email }, select: { id: true, email: true, locale: true, isPlatformAdmin: true } });
  if (user) {
    const token = randomBytes(32).toString("base64url");
    const id = randomUUID();
    const now = new Date();
    await db().$transaction(async (tx) => {
      await tx.passwordReset.create({
        data: { id, userId: user.id, tokenHash: passwordResetTokenHash(token), createdAt: now, expiresAt: new Date(now.getTime() + RESET_LINK_MINUTES * 60_000) },
      });
      await enqueueEmail(tx, { dedupeKey: `password_reset:${id}`, kind: "password_reset", to: user.email, locale: user.locale, params: {}, token });
      await recordAudit(tx, ctx, { action: "user.password_reset_requested", targetType: "user", targetId: user.id });
    });
  }
  return { requested: true as const };
}
