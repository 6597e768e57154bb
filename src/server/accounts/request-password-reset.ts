import type { z } from "zod";
import { requestPasswordResetInput } from "@/contracts/accounts";
import type { ServiceContext } from "@/server/context";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/audit/record";
import { enqueueEmail } from "@/server/mail/enqueue";
import { throttle, type ThrottleRule } from "@/server/ratelimit/throttle";
import { issueEmailLink } from "./email-links";
import { addressGroup } from "@/server/http/address-group";

// Each request may send an email: bounded per address asked for (whether or not it has an
// account, so the limit tells nothing) and per client address (one client trying many addresses;
// an IPv6 client counts as its /64).
const MESSAGE = "Too many password reset requests. Try again later.";
const PER_ACCOUNT: ThrottleRule = { limit: 3, windowSeconds: 15 * 60, message: MESSAGE };
const PER_CLIENT: ThrottleRule = { limit: 20, windowSeconds: 60 * 60, message: MESSAGE };

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
    await db().$transaction(async (tx) => {
      const { id, token } = await issueEmailLink(tx, user.id, "password_reset");
      await enqueueEmail(tx, { dedupeKey: `password_reset:${id}`, kind: "password_reset", to: user.email, locale: user.locale, params: {}, token });
      await recordAudit(tx, ctx, { action: "user.password_reset_requested", targetType: "user", targetId: user.id });
    });
  }
  return { requested: true as const };
}
