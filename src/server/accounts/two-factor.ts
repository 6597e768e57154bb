/**
 * Two-factor sign-in for portal users (product rules §21): enrolment in two steps (a pending
 * secret, then a code from the app proves it was stored), ten recovery codes shown once, and
 * turning it off with the password and a code, unless the user must have it.
 */
import QRCode from "qrcode";
import { z } from "zod";
import { twoFactorCodeSchema } from "@/contracts/accounts";
import type { ServiceContext } from "@/server/context";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/audit/record";
import { badRequest, forbidden } from "@/server/errors";
import { acceptedStep, enrolmentDetails, newRecoveryCodes, newTotpSecret, openTotpSecret, sealTotpSecret } from "@/server/auth/totp";
import { checkAccountPassword } from "@/server/accounts/account-throttle";
import { checkSecondFactor } from "./second-factor";

function userIdOf(ctx: ServiceContext): string {
  if (ctx.actor.type !== "user") throw forbidden("Only a signed-in user can change their own sign-in");
  return ctx.actor.userId;
}

/** Starts (or restarts) enrolment: a new pending secret, as a QR code and as text. */
export async function beginTwoFactor(ctx: ServiceContext) {
  const userId = userIdOf(ctx);
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { email: true, totpEnabledAt: true } });
  if (user.totpEnabledAt) throw badRequest("Two-factor sign-in is already on");
  const secret = newTotpSecret();
  await db().user.update({ where: { id: userId }, data: { totpPendingSecret: sealTotpSecret(userId, secret) } });
  const details = enrolmentDetails(user.email, secret);
  return { ...details, qrSvg: await QRCode.toString(details.uri, { type: "svg", margin: 1 }) };
}

export const confirmTwoFactorInput = z.object({ code: twoFactorCodeSchema });

/** Turns two-factor sign-in on once a code proves the app holds the secret; returns the recovery codes, once. */
export async function confirmTwoFactor(ctx: ServiceContext, input: z.input<typeof confirmTwoFactorInput>) {
  const userId = userIdOf(ctx);
  const { code } = confirmTwoFactorInput.parse(input);
  return db().$transaction(async (tx) => {
    const [user] = await tx.$queryRaw<{ pending: Uint8Array<ArrayBuffer> | null; enabled: Date | null }[]>`
      SELECT totp_pending_secret AS pending, totp_enabled_at AS enabled FROM app_user WHERE id = ${userId}::uuid FOR UPDATE`;
    if (user?.enabled) throw badRequest("Two-factor sign-in is already on");
    if (!user?.pending) throw badRequest("Start again: scan a new QR code");
    const step = acceptedStep(openTotpSecret(userId, user.pending), code, 0n);
    if (step === null) throw badRequest("That code is not right. Enter the current 6-digit code from your app", [{ field: "code", message: "That code is not right" }]);
    const recovery = newRecoveryCodes();
    await tx.user.update({
      where: { id: userId },
      data: { totpSecret: user.pending, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastCounter: step, recoveryCodeHashes: recovery.hashes },
    });
    await recordAudit(tx, ctx, { action: "user.two_factor_enabled", targetType: "user", targetId: userId });
    return { recoveryCodes: recovery.codes };
  });
}

export const disableTwoFactorInput = z.object({ password: z.string().min(1, "Enter your password").max(200), code: twoFactorCodeSchema });

/** Turns it off, with the password and a code; refused to admins and to members of a business that requires it. */
export async function disableTwoFactor(ctx: ServiceContext, input: z.input<typeof disableTwoFactorInput>) {
  const userId = userIdOf(ctx);
  const { password, code } = disableTwoFactorInput.parse(input);
  const user = await db().user.findUniqueOrThrow({
    where: { id: userId },
    select: { id: true, email: true, locale: true, passwordHash: true, isPlatformAdmin: true, memberships: { where: { business: { requireTwoFactor: true } }, select: { businessId: true } } },
  });
  if (user.isPlatformAdmin) throw forbidden("Platform admins must keep two-factor sign-in on");
  if (user.memberships.length > 0) throw forbidden("A business you belong to requires two-factor sign-in");
  if (!(await checkAccountPassword(user, password))) throw badRequest("The password is not correct", [{ field: "password", message: "The password is not correct" }]);
  return db().$transaction(async (tx) => {
    if (!(await checkSecondFactor(tx, userId, code))) throw badRequest("That code is not right", [{ field: "code", message: "That code is not right" }]);
    await tx.user.update({ where: { id: userId }, data: { totpSecret: null, totpEnabledAt: null, recoveryCodeHashes: [] } });
    await recordAudit(tx, ctx, { action: "user.two_factor_disabled", targetType: "user", targetId: userId });
    return { disabled: true };
  });
}
