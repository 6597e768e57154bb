/**
 * Web Crypto from the global scope, so the core runs unchanged on Node, Deno, Bun, edge runtimes
 * and browsers. Node 18 exposes it only with `--experimental-global-webcrypto` (Node 19+ always
 * does); the error says so instead of failing obscurely.
 */
export function webCrypto(): Crypto {
  const crypto = (globalThis as { crypto?: Crypto }).crypto;
  if (!crypto?.subtle) {
    throw new Error(
      "Hubi: Web Crypto (globalThis.crypto) is not available. On Node 18 run node with --experimental-global-webcrypto, " +
        "or set globalThis.crypto = require('node:crypto').webcrypto before using the client.",
    );
  }
  return crypto;
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}
