/**
 * Keys derived from HUBI_SECRET (HKDF-SHA256), one per purpose, so that no two uses share a key.
 */
import "server-only";
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { env } from "@/env";

const derived = new Map<string, Buffer>();

function subkey(purpose: string): Buffer {
  let key = derived.get(purpose);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", env().HUBI_SECRET, "hubi", purpose, 32));
    derived.set(purpose, key);
  }
  return key;
}

/** Keyed hash of a national ID: how verifications and registry records refer to an ID. */
export function hashNationalId(nationalId: string): string {
  return createHmac("sha256", subkey("national-id")).update(nationalId).digest("hex");
}

/**
 * Keyed hash of a request body, for telling an idempotent retry from a changed payload. A plain
 * hash would not do: the body holds a national ID (and maybe a claimed name), and the space of
 * national IDs is small enough to search.
 */
export function hashRequestBody(canonicalJson: string): string {
  return createHmac("sha256", subkey("idempotency-request")).update(canonicalJson).digest("hex");
}

/**
 * Keyed hash of an Idempotency-Key, the form in which keys are stored: clients build keys from
 * their own data (an order number, at worst a national ID), and a redacted verification's record
 * must keep answering "already used" without keeping the key.
 */
export function hashIdempotencyKey(key: string): string {
  return createHmac("sha256", subkey("idempotency-key")).update(key).digest("hex");
}

/** Keyed hash of a (normalized) two-factor recovery code: the codes themselves are shown once. */
export function recoveryCodeHash(code: string): string {
  return createHmac("sha256", subkey("recovery-code")).update(code).digest("hex");
}

/** Keyed hash of a password reset token: a copy of the table cannot be turned into working links. */
export function passwordResetTokenHash(token: string): string {
  return createHmac("sha256", subkey("password-reset")).update(token).digest("hex");
}

/** Keyed hash of an email asked for at sign-in: failures are counted per account without keeping strangers' typing. */
export function signInAccountHash(email: string): string {
  return createHmac("sha256", subkey("sign-in-account")).update(email).digest("hex");
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM; output is iv ‖ tag ‖ ciphertext. `context` binds the ciphertext to its purpose. */
export function encrypt(plaintext: string, context: string): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", subkey("encryption-at-rest"), iv);
  cipher.setAAD(Buffer.from(context));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]);
}

export function decrypt(sealed: Uint8Array, context: string): string {
  const buf = Buffer.from(sealed);
  const decipher = createDecipheriv("aes-256-gcm", subkey("encryption-at-rest"), buf.subarray(0, IV_BYTES));
  decipher.setAAD(Buffer.from(context));
  decipher.setAuthTag(buf.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(buf.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString("utf8");
}

/** The next-auth session secret, so a deployment configures one secret, not two. */
export function sessionSecret(): string {
  return subkey("portal-sessions").toString("base64url");
}
