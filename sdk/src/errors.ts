/**
 * Typed errors: one class per API error code, plus what can go wrong on the client's side. Every
 * error the library raises is a HubiError with a `code` (HubiErrorCode) and a `docUrl` pointing
 * at that code's section of the integration guide; API errors carry the fields of the API's error
 * body (`status`, `message`, `errors`, `requestId`) and its response headers (`rateLimit`).
 */
import type { RateLimit } from "./response-meta.js";
import type { ErrorCode, FieldError } from "./types.js";

/** Raised by the library itself, never sent by the API. */
export const CLIENT_ERROR_CODES = [
  "CONNECTION_ERROR",
  "TIMEOUT",
  "ABORTED",
  "UNEXPECTED_RESPONSE",
  "WEB_CRYPTO_UNAVAILABLE",
  "WEBHOOK_VERIFICATION_FAILED",
] as const;

export type ClientErrorCode = (typeof CLIENT_ERROR_CODES)[number];

/** Every code a HubiError can have: the API's and the library's. */
export type HubiErrorCode = ErrorCode | ClientErrorCode;

/** Where the guide is served when the error knows no deployment (webhook verification). */
export const DEFAULT_DOCS_BASE_URL = "https://api.hubi.so";

export type HubiErrorInit = {
  message: string;
  status?: number;
  errors?: FieldError[];
  requestId?: string;
  /** Seconds, from the Retry-After header. */
  retryAfter?: number;
  rateLimit?: RateLimit | null;
  replayed?: boolean;
  /** The deployment whose guide `docUrl` points at; default Hubi's. */
  docsBaseUrl?: string;
  cause?: unknown;
};

/** The guide's anchor for a code: INSUFFICIENT_CREDITS → #error-insufficient-credits. */
export const docUrlFor = (code: string, baseUrl = DEFAULT_DOCS_BASE_URL) =>
  `${baseUrl.replace(/\/+$/, "")}/docs/guide#error-${code.toLowerCase().replace(/_/g, "-")}`;

export class HubiError extends Error {
  readonly code: HubiErrorCode;
  /** HTTP status; undefined when there was no response. */
  readonly status: number | undefined;
  readonly errors: FieldError[];
  readonly requestId: string | undefined;
  /** Seconds the API asked to wait before retrying (Retry-After), when it said so. */
  readonly retryAfter: number | undefined;
  /** The response's `RateLimit-*` values, when it had them. */
  readonly rateLimit: RateLimit | null;
  /** Always false for errors: the API stores (and so replays) only successful responses. */
  readonly replayed: boolean;
  /** The guide's section on this code: what it means and what to do. */
  readonly docUrl: string;
  /**
   * The Idempotency-Key of the verify call that failed. The verification may still complete (a
   * timeout, a request in flight): call `verifyCitizen` again with `{ idempotencyKey }` to get
   * its original result, charged once.
   */
  idempotencyKey: string | undefined;

  constructor(code: HubiErrorCode, init: HubiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = new.target.name;
    this.code = code;
    this.status = init.status;
    this.errors = init.errors ?? [];
    this.requestId = init.requestId;
    this.retryAfter = init.retryAfter;
    this.rateLimit = init.rateLimit ?? null;
    this.replayed = init.replayed ?? false;
    this.docUrl = docUrlFor(code, init.docsBaseUrl);
    this.idempotencyKey = undefined;
  }
}

/** The constructor `apiError` returns, named so that declarations stay free of runtime-specific statics. */
type ApiErrorClass<C extends ErrorCode> = new (init: HubiErrorInit) => HubiError & { readonly code: C };

/** Base class of the error for one API code; the status is the API's status for that code. */
function apiError<C extends ErrorCode>(code: C, status: number): ApiErrorClass<C> {
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
/** Idempotency-Key reused with another payload: never worth retrying with that key. */
export class ConflictError extends apiError("CONFLICT", 409) {}
/**
 * A request with this Idempotency-Key is still being processed (`retryAfter` says how long to
 * wait). The library waits on it within `deadlineMs`; thrown when that runs out, with the key.
 */
export class IdempotencyInFlightError extends apiError("IDEMPOTENCY_IN_FLIGHT", 409) {}
export class RateLimitedError extends apiError("RATE_LIMITED", 429) {}
export class InternalServerError extends apiError("INTERNAL_ERROR", 500) {}
/**
 * The national registry did not answer in time, or cannot be asked now. Free; retried after its
 * `retryAfter` with the same Idempotency-Key, which picks up the late result when there is one.
 */
export class RegistryUnavailableError extends apiError("REGISTRY_UNAVAILABLE", 503) {}

/** The request never got an HTTP response (DNS, TLS, connection reset…). */
export class ConnectionError extends HubiError {
  declare readonly code: "CONNECTION_ERROR";
  constructor(message: string, init: { cause?: unknown; docsBaseUrl?: string } = {}) {
    super("CONNECTION_ERROR", { message, ...init });
  }
}

/** No response within `timeoutMs` (or, from `waitForVerification`, no final result within its deadline). */
export class TimeoutError extends HubiError {
  declare readonly code: "TIMEOUT";
  constructor(timeoutMs: number, init: { docsBaseUrl?: string; message?: string } = {}) {
    super("TIMEOUT", { message: `No response within ${timeoutMs} ms`, ...init });
  }
}

/** The caller's AbortSignal fired; the request (or the wait before a retry) was stopped. */
export class AbortedError extends HubiError {
  declare readonly code: "ABORTED";
  constructor(init: { cause?: unknown; docsBaseUrl?: string } = {}) {
    super("ABORTED", { message: "The request was aborted by its signal", ...init });
  }
}

/** A response that is not the API's: no JSON body on a 2xx, or a non-Hubi error body on a 4xx. */
export class UnexpectedResponseError extends HubiError {
  declare readonly code: "UNEXPECTED_RESPONSE";
  constructor(init: HubiErrorInit) {
    super("UNEXPECTED_RESPONSE", init);
  }
}

/** No Web Crypto in this runtime (neither `globalThis.crypto` nor `node:crypto`). */
export class WebCryptoUnavailableError extends HubiError {
  declare readonly code: "WEB_CRYPTO_UNAVAILABLE";
  constructor() {
    super("WEB_CRYPTO_UNAVAILABLE", { message: "Web Crypto is not available in this runtime (no globalThis.crypto and no node:crypto)" });
  }
}

/** A webhook delivery whose signature, timestamp or headers do not check out: answer it 400. */
export class WebhookVerificationError extends HubiError {
  declare readonly code: "WEBHOOK_VERIFICATION_FAILED";
  constructor(message: string) {
    super("WEBHOOK_VERIFICATION_FAILED", { message });
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
  IDEMPOTENCY_IN_FLIGHT: IdempotencyInFlightError,
  RATE_LIMITED: RateLimitedError,
  INTERNAL_ERROR: InternalServerError,
  REGISTRY_UNAVAILABLE: RegistryUnavailableError,
};
