/**
 * Which failures are retried, and after how long. Only failures where a retry cannot do harm:
 * network errors and timeouts (verify calls carry an idempotency key), 5xx and 429. A request
 * still in flight under the same key (409 IDEMPOTENCY_IN_FLIGHT) is waited on as its Retry-After
 * says, without using up a retry: its answer is the original result. The payload-mismatch 409
 * (CONFLICT) and other 4xx are not retried: repeating the request would fail the same way.
 */
import { ConnectionError, HubiError, IdempotencyInFlightError, RateLimitedError, TimeoutError } from "./errors.js";
import type { ResolvedOptions } from "./options.js";

type RetryOptions = Pick<ResolvedOptions, "retryBaseDelayMs" | "retryMaxDelayMs" | "maxRetryAfterSeconds">;

/** Milliseconds to wait before retry number `retry` (0-based), or undefined not to retry. */
export function retryDelayMs(error: unknown, retry: number, options: RetryOptions, random = Math.random): number | undefined {
  if (!isRetryable(error)) return undefined;

  // Exponential backoff with "equal jitter": at least half the step, so retries never bunch at 0.
  const step = Math.min(options.retryMaxDelayMs, options.retryBaseDelayMs * 2 ** retry);
  const backoff = step / 2 + random() * (step / 2);
  if (error.retryAfter === undefined) return backoff;
  if (error.retryAfter > options.maxRetryAfterSeconds) return undefined;
  // The server's delay is a floor; the jitter spreads clients that were told the same instant.
  return error.retryAfter * 1000 + random() * options.retryBaseDelayMs;
}

/** A failure that passes: the network, a timeout, a 429 or a 5xx. */
export function isRetryable(error: unknown): error is HubiError {
  return (
    error instanceof ConnectionError ||
    error instanceof TimeoutError ||
    error instanceof RateLimitedError ||
    (error instanceof HubiError && error.status !== undefined && error.status >= 500)
  );
}

/** Milliseconds to wait before asking again about a request still in flight, or undefined if it is not one. */
export function inFlightDelayMs(error: unknown, options: Pick<ResolvedOptions, "retryBaseDelayMs">, random = Math.random): number | undefined {
  if (!(error instanceof IdempotencyInFlightError)) return undefined;
  // A little jitter, so that clients told the same instant do not all ask again at once.
  return (error.retryAfter ?? 1) * 1000 + random() * Math.min(250, options.retryBaseDelayMs);
}

/** Retry-After is seconds or an HTTP date (RFC 9110); returns whole seconds, or undefined. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | undefined {
  if (value === null || value.trim() === "") return undefined;
  if (/^\s*\d+\s*$/.test(value)) return Number(value);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, Math.ceil((date - now) / 1000));
}
