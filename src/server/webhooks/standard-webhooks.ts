/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): receivers verify with the
 * `standardwebhooks` libraries. Secrets are `whsec_<base64>`. Pure: the CLI's `listen` signs with
 * it on a laptop that has no Hubi secret; the server's deliveries sign with it too.
 */
import { createHmac, randomBytes } from "node:crypto";

const PREFIX = "whsec_";
const SECRET_BYTES = 32;

export function generateSecret(): string {
  return `${PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/** Whether a string is a usable secret: the prefix and base64 of at least 24 bytes. */
export function isSigningSecret(secret: string): boolean {
  const key = secret.slice(PREFIX.length);
  return secret.startsWith(PREFIX) && /^[A-Za-z0-9+/]+={0,2}$/.test(key) && Buffer.from(key, "base64").length >= 24;
}

function sign(secret: string, content: string): string {
  const key = Buffer.from(secret.slice(PREFIX.length), "base64");
  return `v1,${createHmac("sha256", key).update(content).digest("base64")}`;
}

/** The three webhook-* headers; one signature per secret (two while a rotation is in progress). */
export function signatureHeaders(eventId: string, timestamp: Date, body: string, secrets: string[]): Record<string, string> {
  const seconds = Math.floor(timestamp.getTime() / 1000).toString();
  const content = `${eventId}.${seconds}.${body}`;
  return {
    "webhook-id": eventId,
    "webhook-timestamp": seconds,
    "webhook-signature": secrets.map((s) => sign(s, content)).join(" "),
  };
}

/** The signed body: an event with its fields in the documented order. */
export function eventBody(e: { id: string; type: string; mode: string; createdAt: string; data: unknown }): string {
  return JSON.stringify({ id: e.id, type: e.type, mode: e.mode, createdAt: e.createdAt, data: e.data });
}
