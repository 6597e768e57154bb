import { db } from "@/server/db/client";
import { rateLimiter } from "@/server/ratelimit";
import { verifyPassword } from "./passwords";
import { emailSchema } from "./schemas";

// Repeated failures are throttled per email and per client address.
const ATTEMPTS_PER_15_MIN = 10;
const WINDOW_SECONDS = 15 * 60;

export type SignInResult =
  | { ok: true; user: { id: string; email: string; name: string; isPlatformAdmin: boolean } }
  | { ok: false; reason: "invalid" | "throttled" };

/** Checks a password. Counts every attempt so guessing is throttled, whatever the outcome. */
export async function signIn(input: { email: string; password: string; clientAddress?: string }): Promise<SignInResult> {
  const email = emailSchema.safeParse(input.email);
  if (!email.success) return { ok: false, reason: "invalid" };
  const buckets = [`signin:email:${email.data}`, ...(input.clientAddress ? [`signin:ip:${input.clientAddress}`] : [])];
  for (const bucket of buckets) {
    const hit = await rateLimiter().hit(bucket, ATTEMPTS_PER_15_MIN, WINDOW_SECONDS);
    if (!hit.allowed) return { ok: false, reason: "throttled" };
  }
  const user = await db().user.findUnique({ where: { email: email.data } });
  if (!user || !(await verifyPassword(user.passwordHash, input.password))) return { ok: false, reason: "invalid" };
  return { ok: true, user: { id: user.id, email: user.email, name: user.name, isPlatformAdmin: user.isPlatformAdmin } };
}
