/**
 * Two-factor sign-in for test users, through the product's own enrolment, and the codes an
 * authenticator app would show. A code is accepted once per 30-second step, so each code is made
 * for a step after the last one the server accepted (one step of clock drift either way is
 * allowed): several sign-ins in a row never reuse a code, whatever the time.
 */
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { beginTwoFactor, confirmTwoFactor } from "@/server/accounts/two-factor";

export type Enrolled = { secret: Uint8Array; recoveryCodes: string[] };

export async function codeFor(userId: string, secret: Uint8Array): Promise<string> {
  const { totpLastCounter } = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { totpLastCounter: true } });
  const now = BigInt(Math.floor(Date.now() / 30_000));
  const step = totpLastCounter >= now ? totpLastCounter + 1n : now;
  if (step > now + 1n) throw new Error("Three codes were used within one 30-second step; a test should not need more");
  return generateHOTP(secret, step, 6);
}

export async function enrolTwoFactor(userId: string): Promise<Enrolled> {
  const ctx: ServiceContext = { actor: { type: "user", userId, isPlatformAdmin: false }, requestId: `test_enrol_${userId}` };
  const { secret: base32 } = await beginTwoFactor(ctx);
  const secret = decodeBase32IgnorePadding(base32);
  const { recoveryCodes } = await confirmTwoFactor(ctx, { code: generateHOTP(secret, BigInt(Math.floor(Date.now() / 30_000)), 6) });
  return { secret, recoveryCodes };
}
