/**
 * Which failures are retried, and after how long. Only failures where a retry cannot do harm:
 * network errors and timeouts (verify calls carry an idempotency key), 5xx, 429, and a 409 that
 * has Retry-After (the in-flight idempotency conflict). The payload-mismatch 409 has no
 * Retry-After, and no other 4xx is retried: repeating the request would fail the same way.
 */
import { ConflictError, ConnectionError, HubiError, RateLimitedError, TimeoutError } from "./errors.js";
import type { ResolvedOptions } from "./options.js";

type RetryOptions = Pick<ResolvedOptions, "retryBaseDelayMs" | "retryMaxDelayMs" | "maxRetryAfterSeconds">;

/** Milliseconds to wait before retry number `retry` (0-based), or undefined not to retry. */
export function retryDelayMs(error: unknown, retry: number, options: RetryOptions, random = Math.random): number | undefined {
  if (!(error instanceof HubiError)) return undefined;
  const retryable =
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof RateLimitedError ||
    (error instanceof ConflictError && error.retryAfter !== undefined) ||
    (error.status !== undefined && error.status >= 500);
  if (!retryable) return undefined;

  // Exponential backoff with "equal jitter": at least half the step, so retries never bunch at 0.
  const step = Math.min(options.retryMaxDelayMs, options.retryBaseDelayMs * 2 ** retry);
  const backoff = step / 2 + random() * (step / 2);
  if (error.retryAfter === undefined) return backoff;
  if (error.retryAfter > options.maxRetryAfterSeconds) return undefined;
  // The server's delay is a floor; the jitter spreads clients that were told the same instant.
  return error.retryAfter * 1000 + random() * options.retryBaseDelayMs;
}

/** Retry-After is seconds or an HTTP date (RFC 9110); returns whole seconds, or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
