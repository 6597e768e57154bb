import { db } from "@/server/db/client";
import { rateLimiter } from "@/server/ratelimit";
import { addressGroup } from "@/server/http/address-group";
import { verifyAgainstNobody, verifyPassword } from "./passwords";
import { emailSchema } from "@/contracts/accounts";
import { checkSecondFactor } from "@/server/accounts/second-factor";
import { clearAccountFailures, recordAccountFailure, whileHoldingAccount } from "./account-throttle";

// Three throttles. Per account and client address, failures (guessing one password from one
// place); per client address, all attempts, more loosely (spraying many accounts: loosely because
// a whole office may share one address); per account from any address, a growing delay
// (account-throttle.ts). An IPv6 client counts as its /64. Only failures count against an
// account: nobody elsewhere can lock the owner out, only make them wait.
const FAILURES_PER_ACCOUNT_AND_ADDRESS = 10;
const ATTEMPTS_PER_ADDRESS = 100;
const WINDOW_SECONDS = 15 * 60;

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string; isPlatformAdmin: boolean } }
  | { ok: false; reason: "invalid" | "throttled" | "two_factor_required" | "invalid_code" | "unconfirmed" }
  | { ok: false; reason: "delayed"; retryAfterSeconds: number };

/**
 * Checks a password and, for a user with two-factor sign-in, the code (an authenticator code or a
 * recovery code), throttling guesses of either (see above). Without a code such a user is asked
 * for one; nothing is counted, as the password was right.
 */
export async function signIn(input: { email: string; password: string; code?: string; clientAddress?: string }): Promise<SignInResult> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) return { ok: false, reason: "invalid" };
  const group = input.clientAddress ? addressGroup(input.clientAddress) : undefined;
  const failures = `signin:fail:${email.data}:${group ?? "unknown"}`;
  if (group && !(await rateLimiter().hit(`signin:ip:${group}`, ATTEMPTS_PER_ADDRESS, WINDOW_SECONDS)).allowed) {
    return { ok: false, reason: "throttled" };
  }
  if ((await rateLimiter().count(failures, WINDOW_SECONDS)) >= FAILURES_PER_ACCOUNT_AND_ADDRESS) return { ok: false, reason: "throttled" };
  const checked = await whileHoldingAccount(email.data, () => attempt(email.data, input, failures));
  return "wait" in checked ? { ok: false, reason: "delayed", retryAfterSeconds: checked.wait } : checked.done;
}

/**
 * The attempt itself, while it holds its account: no other attempt on it is checked meanwhile, so
 * the failures it may count are the account's own, and the account's delay bounds them all.
 */
async function attempt(email: string, input: { password: string; code?: string }, failures: string): Promise<SignInResult> {
  const user = await db().user.findUnique({ where: { email } });
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNobody(input.password);
  const fail = async (kind: "password" | "second_factor") => {
    await rateLimiter().hit(failures, FAILURES_PER_ACCOUNT_AND_ADDRESS, WINDOW_SECONDS);
    await recordAccountFailure(email, kind, user);
  };
  if (!user || !valid) {
    await fail("password");
    return { ok: false, reason: "invalid" };
  }
  // A public sign-up whose address is not confirmed yet: only its password's holder learns that.
  if (!user.emailConfirmedAt) return { ok: false, reason: "unconfirmed" };
  if (user.totpEnabledAt) {
    if (!input.code?.trim()) return { ok: false, reason: "two_factor_required" };
    const passed = await db().$transaction((tx) => checkSecondFactor(tx, user.id, input.code!));
    if (!passed) {
      await fail("second_factor");
      return { ok: false, reason: "invalid_code" };
    }
  }
  await clearAccountFailures(email);
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, isPlatformAdmin: user.isPlatformAdmin } };
}
