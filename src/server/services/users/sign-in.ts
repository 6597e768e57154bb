import { db } from "@/server/db/client";
import { rateLimiter } from "@/server/ratelimit";
import { verifyAgainstNobody, verifyPassword } from "./passwords";
import { emailSchema } from "@/contracts/accounts";

// Attempts are throttled per account (guessing one password) and, more loosely, per client
// address (spraying many accounts) — loosely because a whole office may share one address.
const ATTEMPTS_PER_ACCOUNT = 10;
const ATTEMPTS_PER_ADDRESS = 100;
const WINDOW_SECONDS = 15 * 60;

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string; isPlatformAdmin: boolean } }
  | { ok: false; reason: "invalid" | "throttled" };

/** Checks a password. Counts every attempt so guessing is throttled, whatever the outcome. */
export async function signIn(input: { email: string; password: string; clientAddress?: string }): Promise<SignInResult> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) return { ok: false, reason: "invalid" };
  const buckets: [string, number][] = [
    [`signin:email:${email.data}`, ATTEMPTS_PER_ACCOUNT],
    ...(input.clientAddress ? [[`signin:ip:${input.clientAddress}`, ATTEMPTS_PER_ADDRESS] as [string, number]] : []),
  ];
  for (const [bucket, limit] of buckets) {
    const hit = await rateLimiter().hit(bucket, limit, WINDOW_SECONDS);
    if (!hit.allowed) return { ok: false, reason: "throttled" };
  }
  const user = await db().user.findUnique({ where: { email: email.data } });
  const valid = user ? await verifyPassword(user.passwordHash, input.password) : await verifyAgainstNobody(input.password);
  if (!user || !valid) return { ok: false, reason: "invalid" };
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, isPlatformAdmin: user.isPlatformAdmin } };
}
