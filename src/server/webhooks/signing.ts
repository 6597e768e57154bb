/**
 * Standard Webhooks signing (https://www.standardwebhooks.com): receivers verify with the
 * `standardwebhooks` libraries. Secrets are `whsec_<base64>` and stored encrypted at rest.
 */
import { createHmac, randomBytes } from "node:crypto";
import { decrypt, encrypt } from "@/server/crypto/secrets";

const PREFIX = "whsec_";
const SECRET_BYTES = 32;
/** Binds stored ciphertexts to their purpose (see encrypt()). */
const AT_REST_CONTEXT = "webhook-secret";

export function generateSecret(): string {
  return `${PREFIX}${randomBytes(SECRET_BYTES).toString("base64")}`;
}

/** A plain Uint8Array copy: what Prisma's Bytes columns accept. */
export const sealSecret = (secret: string): Uint8Array<ArrayBuffer> => new Uint8Array(encrypt(secret, AT_REST_CONTEXT));
export const openSecret = (sealed: Uint8Array): string => decrypt(sealed, AT_REST_CONTEXT);

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
