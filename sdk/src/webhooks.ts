/**
 * Verifies Standard Webhooks signatures (https://www.standardwebhooks.com/) on deliveries from
 * Hubi, with Web Crypto only. The comparison is done by `crypto.subtle.verify`, which is
 * constant-time, rather than by comparing strings.
 */
import { WebhookVerificationError } from "./errors.js";
import type { WebhookEvent } from "./types.js";
import { base64ToBytes, bytesToBase64, webCrypto } from "./web-crypto.js";

/** A fetch `Headers`, or a plain object such as Node's `IncomingHttpHeaders`. */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export type VerifyWebhookOptions = {
  /** Largest accepted difference between `webhook-timestamp` and now. Default 300 s. */
  toleranceSeconds?: number;
  /** Current time in ms (tests). */
  now?: number;
};

function header(headers: WebhookHeaders, name: string): string | undefined {
  if (typeof (headers as Headers).get === "function") return (headers as Headers).get(name) ?? undefined;
  const entry = Object.entries(headers).find(([key]) => key.toLowerCase() === name);
  const value = entry?.[1];
  return Array.isArray(value) ? value.join(" ") : value;
}

async function hmacKey(secret: string, usage: "sign" | "verify"): Promise<CryptoKey> {
  if (!secret.startsWith("whsec_")) throw new WebhookVerificationError("The webhook secret must start with whsec_");
  let bytes: Uint8Array<ArrayBuffer>;
  try {
    bytes = base64ToBytes(secret.slice("whsec_".length));
  } catch {
    throw new WebhookVerificationError("The webhook secret is not valid base64 after whsec_");
  }
  return (await webCrypto()).subtle.importKey("raw", bytes, { name: "HMAC", hash: "SHA-256" }, false, [usage]);
}

/**
 * Checks the signature and timestamp of a delivery and returns its event. `payload` must be the
 * raw request body, exactly as received: verify before parsing.
 */
export async function verifyWebhook(
  payload: string,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): Promise<WebhookEvent> {
  const id = header(headers, "webhook-id");
  const timestamp = header(headers, "webhook-timestamp");
  const signatures = header(headers, "webhook-signature");
  if (!id || !timestamp || !signatures) {
    throw new WebhookVerificationError("Missing webhook-id, webhook-timestamp or webhook-signature header");
  }

  const seconds = /^\d+$/.test(timestamp) ? Number(timestamp) : NaN;
  const nowSeconds = Math.floor((options.now ?? Date.now()) / 1000);
  if (!(Math.abs(nowSeconds - seconds) <= (options.toleranceSeconds ?? 300))) {
    throw new WebhookVerificationError("The webhook timestamp is too far from the current time");
  }

  const key = await hmacKey(secret, "verify");
  const { subtle } = await webCrypto();
  const signed = new TextEncoder().encode(`${id}.${timestamp}.${payload}`);
  for (const candidate of signatures.split(" ")) {
    const [version, signature] = candidate.split(",", 2);
    if (version !== "v1" || !signature) continue;
    let bytes: Uint8Array<ArrayBuffer>;
    try {
      bytes = base64ToBytes(signature);
    } catch {
      continue;
    }
    if (await subtle.verify("HMAC", key, bytes, signed)) return JSON.parse(payload) as WebhookEvent;
  }
  throw new WebhookVerificationError("No matching webhook signature");
}

export type SignWebhookOptions = {
  /** The `webhook-id`; default a new UUID. Hubi sends the event's id. */
  id?: string;
  /** Unix seconds; default now. */
  timestamp?: number;
};

/** The three Standard Webhooks headers of a delivery. */
export type SignedWebhookHeaders = { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };

/**
 * Signs a payload as Hubi signs deliveries, for your receiver's tests: post `payload` with these
 * headers and `verify` (or any Standard Webhooks library) accepts it.
 */
export async function signWebhook(payload: string, secret: string, options: SignWebhookOptions = {}): Promise<SignedWebhookHeaders> {
  const crypto = await webCrypto();
  const id = options.id ?? crypto.randomUUID();
  const timestamp = String(options.timestamp ?? Math.floor(Date.now() / 1000));
  const key = await hmacKey(secret, "sign");
  const signature = await crypto.subtle.sign("HMAC", key, new TextEncoder().encode(`${id}.${timestamp}.${payload}`));
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${bytesToBase64(signature)}` };
}
