/**
 * AppError: what services throw for anything a caller should see. The REST pipeline turns it into
 * the public error body; tRPC maps it onto its own error codes.
 */
import { ERROR_STATUS, type ErrorCode, type FieldError } from "@/contracts/errors";

export class AppError extends Error {
  readonly status: number;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly options: { errors?: FieldError[]; headers?: Record<string, string> } = {},
  ) {
    super(message);
    this.name = "AppError";
    this.status = ERROR_STATUS[code];
  }

  get errors() {
    return this.options.errors;
  }

  get headers() {
    return this.options.headers ?? {};
  }
}

export const badRequest = (message: string, errors?: FieldError[]) =>
  new AppError("BAD_REQUEST", message, { errors });
export const notFound = (message: string) => new AppError("NOT_FOUND", message);
/** What a client sees of a failure of ours: no detail, a request id to quote (the log has the rest). */
export const internalError = () =>
  new AppError("INTERNAL_ERROR", "Something went wrong on our side. Quote the request id to support if it persists.");
export const forbidden = (message: string) => new AppError("FORBIDDEN", message);
export const conflict = (message: string, headers?: Record<string, string>) =>
  new AppError("CONFLICT", message, { headers });

export const IN_FLIGHT_MESSAGE = "A request with this Idempotency-Key is still being processed. Retry later.";
/** Seconds a repeat of an in-flight request is told to wait before asking again. */
export const IN_FLIGHT_RETRY_AFTER_SECONDS = 1;
export const idempotencyInFlight = () =>
  new AppError("IDEMPOTENCY_IN_FLIGHT", IN_FLIGHT_MESSAGE, { headers: { "Retry-After": String(IN_FLIGHT_RETRY_AFTER_SECONDS) } });

/** Seconds a client is told to wait before retrying a verify whose registry lookup goes on. */
export const LOOKUP_RETRY_AFTER_SECONDS = 5;

/**
 * 503 REGISTRY_UNAVAILABLE (product rules §26): free, and retryable under the same Idempotency-Key.
 * `goesOn`: the lookup continues, so that the retry picks up its result.
 */
export function registryUnavailable(retryAfterSeconds: number, goesOn: boolean): AppError {
  const message = goesOn
    ? "The national registry has not answered in time. Nothing was charged. Retry with the same Idempotency-Key to get the result."
    : "The national registry is unavailable right now. Nothing was charged. Retry after Retry-After seconds.";
  return new AppError("REGISTRY_UNAVAILABLE", message, { headers: { "Retry-After": String(retryAfterSeconds) } });
}

/** A record the registry could not answer for is not fixed in seconds. */
const RECORD_RETRY_AFTER_SECONDS = 300;

/**
 * The registry refused to answer for one national ID, or answered with a status Hubi does not know
 * (product rules §27): no result to give, nothing charged. Hubi does not retry it; a later retry
 * by the client may find the record fixed.
 */
export const registryCannotAnswer = () =>
  new AppError("REGISTRY_UNAVAILABLE", "The national registry could not answer for this national ID. Nothing was charged.", {
    headers: { "Retry-After": String(RECORD_RETRY_AFTER_SECONDS) },
  });


/** A retry under a key whose lookup has not resolved yet: the same free 503. */
export const registryStillAnswering = () => registryUnavailable(LOOKUP_RETRY_AFTER_SECONDS, true);
