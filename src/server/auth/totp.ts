/**
 * Time-based one-time passwords (RFC 6238: 30-second steps, 6 digits) with @oslojs/otp, and
 * recovery codes. A code is accepted one step either side of now (clock drift), and only for a
 * step after the last one accepted, so an observed code cannot be replayed.
 */
import "server-only";
import { randomBytes } from "node:crypto";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { encodeBase32NoPadding } from "@oslojs/encoding";
import { decrypt, encrypt, recoveryCodeHash } from "@/server/crypto/secrets";

const STEP_SECONDS = 30;
const DIGITS = 6;
const RECOVERY_CODES = 10;

export const newTotpSecret = () => new Uint8Array(randomBytes(20));

const context = (userId: string) => `totp:${userId}`;
export const sealTotpSecret = (userId: string, secret: Uint8Array): Uint8Array<ArrayBuffer> =>
  new Uint8Array(encrypt(Buffer.from(secret).toString("base64"), context(userId)));
export const openTotpSecret = (userId: string, sealed: Uint8Array) => new Uint8Array(Buffer.from(decrypt(sealed, context(userId)), "base64"));

/** What an authenticator app is given: the otpauth URI (as a QR code) and the secret to type in. */
export function enrolmentDetails(email: string, secret: Uint8Array) {
  return { uri: createTOTPKeyURI("Hubi", email, secret, STEP_SECONDS, DIGITS), secret: encodeBase32NoPadding(secret) };
}

const currentStep = (now: number) => BigInt(Math.floor(now / 1000 / STEP_SECONDS));

/** The time step `code` belongs to, if it is valid now and newer than `lastStep`; otherwise null. */
export function acceptedStep(secret: Uint8Array, code: string, lastStep: bigint, now = Date.now()): bigint | null {
  if (!/^\d{6}$/.test(code)) return null;
  const step = currentStep(now);
  for (const candidate of [step - 1n, step, step + 1n]) {
    if (candidate > lastStep && generateHOTP(secret, candidate, DIGITS) === code) return candidate;
  }
  return null;
}

/** Ten single-use codes such as `k7mq-2xfp-9d`, shown once; only their keyed hashes are kept. */
export function newRecoveryCodes(): { codes: string[]; hashes: string[] } {
  const codes = Array.from({ length: RECOVERY_CODES }, () => {
    const raw = encodeBase32NoPadding(new Uint8Array(randomBytes(7))).toLowerCase().slice(0, 10);
    return `${raw.slice(0, 4)}-${raw.slice(4, 8)}-${raw.slice(8)}`;
  });
  return { codes, hashes: codes.map((c) => recoveryCodeHash(normalizeRecoveryCode(c))) };
}

/** How a typed recovery code is compared: case, spaces and dashes do not matter. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

export const looksLikeRecoveryCode = (code: string) => /^[a-z2-7]{10}$/.test(normalizeRecoveryCode(code));
