import { addressGroup } from "@/server/http/address-group";
import { throttle, type ThrottleRule } from "@/server/ratelimit/throttle";

// Each sign-up hashes a password with argon2id (deliberately expensive), creates rows and may send
// an email: bound how many one client address (an IPv6 client: its /64) can start, and how many
// emails one address asked for can receive (whether or not it has an account, so the limit tells
// nothing).
const PER_CLIENT: ThrottleRule = { limit: 10, windowSeconds: 3600, message: "Too many accounts were created from your network. Try again later." };
const PER_EMAIL: ThrottleRule = { limit: 3, windowSeconds: 15 * 60, message: "Too many sign-ups for this email address. Try again later." };

/** `email` only for the public sign-up, which emails whoever owns it. */
export async function throttleSignUp(clientAddress: string | undefined, email?: string): Promise<void> {
  if (clientAddress) await throttle(`signup:ip:${addressGroup(clientAddress)}`, PER_CLIENT);
  if (email) await throttle(`signup:email:${email}`, PER_EMAIL);
}
