/**
 * Web Crypto from the global scope, so the core runs unchanged on Node, Deno, Bun, edge runtimes
 * and browsers. Node 18 exposes it globally only with a flag; there `node:crypto`'s `webcrypto`
 * (the same implementation) is loaded instead, on first use.
 */
import { WebCryptoUnavailableError } from "./errors.js";

let resolved: Promise<Crypto> | undefined;

export function webCrypto(): Promise<Crypto> {
  resolved ??= load();
  return resolved;
}

async function load(): Promise<Crypto> {
  const global = (globalThis as { crypto?: Crypto }).crypto;
  if (global?.subtle) return global;
  try {
    const { webcrypto } = await import("node:crypto");
    if (webcrypto?.subtle) return webcrypto as unknown as Crypto;
  } catch {
    // Not Node, and no global Web Crypto: nothing left to try.
  }
  resolved = undefined;
  throw new WebCryptoUnavailableError();
}

export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

export function bytesToBase64(bytes: ArrayBuffer): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary);
}
