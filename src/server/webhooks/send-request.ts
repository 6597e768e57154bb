/**
 * One HTTP POST to a receiver, with the delivery rules of product rules §14: 10 s for the whole
 * exchange, redirects never followed, and (unless insecure mode is on) https only and every
 * address the host resolves to vetted; the socket then connects to the vetted address, so there is
 * no window for DNS rebinding between the check and the connection.
 */
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import { isBlockedAddress } from "./address-policy";

export const DELIVERY_TIMEOUT_MS = 10_000;
const EXCERPT_BYTES = 500;

export type SendResult = {
  statusCode: number | null;
  latencyMs: number;
  responseExcerpt: string | null;
  error: string | null;
  /** Seconds the receiver asked us to wait (Retry-After), when it said. */
  retryAfterSeconds: number | null;
};

export class BlockedDestinationError extends Error {}

/** What a developer refused an http:// or local URL needs to know: where it is allowed, and the alternative. */
const INSECURE_HINT =
  "http:// and local addresses are accepted only by a Hubi run for development with WEBHOOK_ALLOW_INSECURE=true; " +
  "to receive events on your own machine, use the CLI's listen";

/** Why this URL may not be used as an endpoint, or null. Checked when saved and at delivery. */
export function urlProblem(url: string, allowInsecure: boolean): string | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return "Enter a valid URL";
  }
  if (parsed.protocol !== "https:" && !(allowInsecure && parsed.protocol === "http:")) {
    if (allowInsecure) return "The URL must start with https:// or http://";
    return `The URL must start with https://${parsed.protocol === "http:" ? ` (${INSECURE_HINT})` : ""}`;
  }
  if (parsed.username || parsed.password) return "The URL must not contain credentials";
  const host = parsed.hostname.replace(/^\[|\]$/g, "");
  if (!allowInsecure && isIP(host) && isBlockedAddress(host)) return `The URL points to a private or reserved address (${INSECURE_HINT})`;
  return null;
}

/** A `lookup` for the socket that resolves every address and refuses the host if any is blocked. */
export const vettedLookup: LookupFunction = (hostname, options, callback) => {
  dns.lookup(hostname, { all: true, family: options.family }, (err, addresses) => {
    if (err) return callback(err, "", 0);
    const blocked = addresses.find((a) => isBlockedAddress(a.address));
    if (blocked || addresses.length === 0) {
      return callback(new BlockedDestinationError(`${hostname} resolves to a private or reserved address`), "", 0);
    }
    if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, addresses);
    callback(null, addresses[0]!.address, addresses[0]!.family);
  });
};

/** The response's first bytes as text PostgreSQL can store (no NUL characters). */
function excerpt(body: Buffer): string {
  return body.subarray(0, EXCERPT_BYTES).toString("utf8").replaceAll("\u0000", "");
}

function parseRetryAfter(value: string | undefined): number | null {
  if (!value) return null;
  if (/^\d+$/.test(value.trim())) return Number(value.trim());
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export async function sendRequest(
  url: string,
  headers: Record<string, string>,
  body: string,
  options: { allowInsecure: boolean; timeoutMs?: number },
): Promise<SendResult> {
  const started = performance.now();
  const done = (r: Omit<SendResult, "latencyMs">): SendResult => ({ ...r, latencyMs: Math.round(performance.now() - started) });
  const problem = urlProblem(url, options.allowInsecure);
  if (problem) return done({ statusCode: null, responseExcerpt: null, error: problem, retryAfterSeconds: null });

  const target = new URL(url);
  const transport = target.protocol === "https:" ? https : http;
  const signal = AbortSignal.timeout(options.timeoutMs ?? DELIVERY_TIMEOUT_MS);
  return new Promise<SendResult>((resolve) => {
    const req = transport.request(
      target,
      {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", "content-length": Buffer.byteLength(body).toString() },
        signal,
        agent: false,
        ...(options.allowInsecure ? {} : { lookup: vettedLookup }),
      },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          res.destroy();
          resolve(
            done({
              statusCode: res.statusCode ?? null,
              responseExcerpt: excerpt(Buffer.concat(chunks)),
              error: null,
              retryAfterSeconds: parseRetryAfter(res.headers["retry-after"]),
            }),
          );
        };
        res.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= EXCERPT_BYTES) finish();
        });
        res.on("end", finish);
        res.on("error", finish);
        res.on("close", finish);
      },
    );
    req.on("error", (err) => {
      const error = signal.aborted ? `Timed out after ${(options.timeoutMs ?? DELIVERY_TIMEOUT_MS) / 1000} s` : err.message;
      resolve(done({ statusCode: null, responseExcerpt: null, error, retryAfterSeconds: null }));
    });
    req.end(body);
  });
}
