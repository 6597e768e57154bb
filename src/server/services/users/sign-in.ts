import { db } from "@/server/db/client";
import { rateLimiter } from "@/server/ratelimit";
import { verifyAgainstNobody, verifyPassword } from "./passwords";
import { emailSchema } from "@/contracts/accounts";
import { checkSecondFactor } from "@/server/services/account/second-factor";

// Failed attempts are throttled per account and client address (guessing one password), and all
// attempts, more loosely, per client address (spraying many accounts: loosely because a whole
// office may share one address). Only failures count against an account, and only from the
// address they came from: nobody elsewhere can lock the owner out, and a lock ends when the
// window has passed.
const FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
const ATTEMPTS_PER_ADDRESS = 100;
const WINDOW_SECONDS = 15 * 60;

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string; isPlatformAdmin: boolean } }
  | { ok: false; reason: "invalid" | "throttled" | "two_factor_required" | "invalid_code" };

/**
 * Checks a password and, for a user with two-factor sign-in, the code (an authenticator code or a
 * recovery code), throttling guesses of either (see above). Without a code such a user is asked
 * for one; nothing is counted, as the password was right.
 */
export async function signIn(input: { email: string; password: string; code?: string; clientAddress?: string }): Promise<SignInResult> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) return { ok: false, reason: "invalid" };
  const failures = `signin:fail:${email.data}:${input.clientAddress ?? "unknown"}`;
  if (input.clientAddress && !(await rateLimiter().hit(`signin:ip:${input.clientAddress}`, ATTEMPTS_PER_ADDRESS, WINDOW_SECONDS)).allowed) {
    return { ok: false, reason: "throttled" };
  }
  if ((await rateLimiter().count(failures, WINDOW_SECONDS)) >= FAILURES_PER_ACCOUNT_AND_ADDRESS) return { ok: false, reason: "throttled" };
  const user = await db().user.findUnique({ where: { email: email.data } });
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNobody(input.password);
  if (!user || !valid) {
    await rateLimiter().hit(failures, FAILURES_PER_ACCOUNT_AND_ADDRESS, WINDOW_SECONDS);
    return { ok: false, reason: "invalid" };
  }
  if (user.totpEnabledAt) {
    if (!input.code?.trim()) return { ok: false, reason: "two_factor_required" };
    const passed = await db().$transaction((tx) => checkSecondFactor(tx, user.id, input.code!));
    if (!passed) {
      await rateLimiter().hit(failures, FAILURES_PER_ACCOUNT_AND_ADDRESS, WINDOW_SECONDS);
      return { ok: false, reason: "invalid_code" };
    }
  }
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, isPlatformAdmin: user.isPlatformAdmin } };
}
