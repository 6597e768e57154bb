import { rateLimiter } from "@/server/ratelimit";
import { AppError } from "@/server/errors";
import { addressGroup } from "@/server/http/address-group";

// Each sign-up hashes a password with argon2id (deliberately expensive) and creates rows:
// bound how many one client address (an IPv6 client: its /64) can start.
const SIGN_UPS_PER_HOUR = 10;

export async function throttleSignUp(clientAddress: string | undefined): Promise<void> {
  if (!clientAddress) return;
  const hit = await rateLimiter().hit(`signup:ip:${addressGroup(clientAddress)}`, SIGN_UPS_PER_HOUR, 3600);
  if (!hit.allowed) {
    throw new AppError("RATE_LIMITED", "Too many accounts were created from your network. Try again later.", {
      headers: { "retry-after": String(hit.resetSeconds) },
    });
  }
}
