/**
 * API key format: `hubi_<mode>_<secret><checksum>`. The secret is 32 random bytes in base62; the
 * checksum (6 base62 characters of a CRC32 over the rest) lets scanners and our own first check
 * recognise a real key without a database call. Keys are stored as SHA-256 only.
 */
import { createHash, randomBytes } from "node:crypto";
import type { Mode } from "@/generated/prisma/enums";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const SECRET_LENGTH = 43; // ceil(256 bits / log2(62))
const CHECKSUM_LENGTH = 6;
const KEY_PATTERN = new RegExp(`^hubi_(test|live)_([0-9A-Za-z]{${SECRET_LENGTH + CHECKSUM_LENGTH}})$`);

function toBase62(bytes: Uint8Array, length: number): string {
  let n = BigInt(`0x${Buffer.from(bytes).toString("hex") || "0"}`);
  let out = "";
  while (out.length < length) {
    out = BASE62[Number(n % 62n)] + out;
    n /= 62n;
  }
  return out;
}

const CRC_TABLE = Array.from({ length: 256 }, (_, i) => {
  let c = i;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(text: string): number {
  let crc = 0xffffffff;
  for (const byte of Buffer.from(text)) crc = CRC_TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

function checksum(body: string): string {
  const n = crc32(body);
  return toBase62(new Uint8Array([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255]), CHECKSUM_LENGTH);
}

export function generateApiKey(mode: Mode): string {
  const body = `hubi_${mode}_${toBase62(randomBytes(32), SECRET_LENGTH)}`;
  return body + checksum(body);
}

/** The mode a well-formed key belongs to, or null when the text cannot be one of our keys. */
export function parseApiKey(key: string): { mode: Mode } | null {
  const match = KEY_PATTERN.exec(key);
  if (!match) return null;
  const body = key.slice(0, -CHECKSUM_LENGTH);
  if (checksum(body) !== key.slice(-CHECKSUM_LENGTH)) return null;
  return { mode: match[1] as Mode };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

export function apiKeyHint(key: string): string {
  const mode = key.startsWith("hubi_live_") ? "live" : "test";
  return `hubi_${mode}_…${key.slice(-4)}`;
}
