/**
 * Typed errors: one class per API error code, plus network failures. Every error carries the
 * fields of the API's error body (`status`, `code`, `message`, `errors`, `requestId`).
 */
import type { ErrorCode, FieldError } from "./types.js";

export type HubiErrorInit = {
  message: string;
  status?: number;
  errors?: FieldError[];
  requestId?: string;
  /** Seconds, from the Retry-After header. */
  retryAfter?: number;
  cause?: unknown;
};

export class HubiError extends Error {
  readonly code: string;
  /** HTTP status; undefined for network failures. */
  readonly status: number | undefined;
  readonly errors: FieldError[];
  readonly requestId: string | undefined;
  /** Seconds the API asked to wait before retrying (Retry-After), when it said so. */
  readonly retryAfter: number | undefined;

  constructor(code: string, init: HubiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
  }
}

/** Base class of the error for one API code; the status is the API's status for that code. */
function apiError<C extends ErrorCode>(code: C, status: number) {
  return class extends HubiError {
    declare readonly code: C;
    constructor(init: HubiErrorInit) {
      super(code, { status, ...init });
    }
  };
}

export class BadRequestError extends apiError("BAD_REQUEST", 400) {}
export class UnauthorizedError extends apiError("UNAUTHORIZED", 401) {}
export class InsufficientCreditsError extends apiError("INSUFFICIENT_CREDITS", 402) {}
export class ForbiddenError extends apiError("FORBIDDEN", 403) {}
export class NotFoundError extends apiError("NOT_FOUND", 404) {}
export class MethodNotAllowedError extends apiError("METHOD_NOT_ALLOWED", 405) {}
/** Idempotency-Key reused with another payload, or (with `retryAfter`) still in flight. */
export class ConflictError extends apiError("CONFLICT", 409) {}
export class RateLimitedError extends apiError("RATE_LIMITED", 429) {}
export class InternalServerError extends apiError("INTERNAL_ERROR", 500) {}

/** The request never got an HTTP response (DNS, TLS, connection reset…). */
export class ConnectionError extends HubiError {
  constructor(message: string, cause?: unknown) {
    super("CONNECTION_ERROR", { message, cause });
  }
}

/** No response within `timeoutMs`. */
export class TimeoutError extends HubiError {
  constructor(timeoutMs: number) {
    super("TIMEOUT", { message: `No response within ${timeoutMs} ms` });
  }
}

/** Exhaustive: a new code in the contract fails to compile here until it has a class. */
export const ERROR_CLASSES: Record<ErrorCode, new (init: HubiErrorInit) => HubiError> = {
  BAD_REQUEST: BadRequestError,
  UNAUTHORIZED: UnauthorizedError,
  INSUFFICIENT_CREDITS: InsufficientCreditsError,
  FORBIDDEN: ForbiddenError,
  NOT_FOUND: NotFoundError,
  METHOD_NOT_ALLOWED: MethodNotAllowedError,
  CONFLICT: ConflictError,
  RATE_LIMITED: RateLimitedError,
  INTERNAL_ERROR: InternalServerError,
};
