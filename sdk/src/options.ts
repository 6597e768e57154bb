/**
 * Client options and their defaults. The key's prefix must match the environment, so a live key
 * can never be sent to the sandbox host or a test key to production by accident.
 */
import type { HubiError } from "./errors.js";
import type { ResponseMeta } from "./response-meta.js";

export type Environment = "test" | "live";

/** Default hosts per environment; the API lives under /api/v1 on each. */
export const BASE_URLS: Record<Environment, string> = {
  test: "https://sandbox.hubi.so",
  live: "https://api.hubi.so",
};

export type FetchLike = (input: string, init: RequestInit) => Promise<Response>;

export type HubiOptions = {
  /**
   * A secret API key from the portal: `hubi_test_…` or `hubi_live_…`. Keep it on your backend.
   * Optional when every call passes its own `apiKey` (one process serving several businesses).
   */
  apiKey?: string;
  environment: Environment;
  /** Overrides the environment's host: a self-hosted or local deployment (`http://localhost:3000`), or a proxy. */
  baseUrl?: string;
  /** Per attempt. Default 10 000 ms. */
  timeoutMs?: number;
  /**
   * The whole call: attempts, retries and waits on a request still in flight. Default 60 000 ms.
   * When it runs out, the error thrown carries the call's `idempotencyKey`: call again with it to
   * get the original result, never a second verification.
   */
  deadlineMs?: number;
  /** Retries after the first attempt, for failures that are safe to retry. Default 2. */
  maxRetries?: number;
  /** First backoff delay; doubles per retry, with jitter. Default 500 ms. */
  retryBaseDelayMs?: number;
  /** Cap of the backoff delay. Default 8 000 ms. */
  retryMaxDelayMs?: number;
  /** A Retry-After longer than this is not waited for: the error is thrown instead. Default 60 s. */
  maxRetryAfterSeconds?: number;
  /** A fetch implementation; default `globalThis.fetch`. */
  fetch?: FetchLike;
  /** Called before each retry: what failed, which retry this is (1-based) and the wait. */
  onRetry?: (retry: RetryInfo) => void;
  /** Called for every HTTP response received, success or error, before it is handled. */
  onResponse?: (response: ResponseInfo) => void;
};

export type RetryInfo = { method: string; path: string; retry: number; delayMs: number; error: HubiError };

export type ResponseInfo = ResponseMeta & { method: string; path: string; status: number; durationMs: number };

/** Options of one call; they override the client's for that call only. */
export type RequestOptions = {
  /** This call's key instead of the client's (same environment): one client serving several businesses. */
  apiKey?: string;
  /** Per attempt. */
  timeoutMs?: number;
  /** The whole call, retries and waits included. */
  deadlineMs?: number;
  /** Retries after the first attempt. */
  maxRetries?: number;
  /** Aborts the call (and any wait before a retry) with an AbortedError. */
  signal?: AbortSignal;
  onRetry?: HubiOptions["onRetry"];
  onResponse?: HubiOptions["onResponse"];
};

export type ResolvedOptions = Required<Omit<HubiOptions, "apiKey" | "onRetry" | "onResponse">> &
  Pick<HubiOptions, "apiKey" | "onRetry" | "onResponse">;

/** The key for a call: its own or the client's, checked against the environment. */
export function checkedApiKey(environment: Environment, apiKey: string | undefined): string {
  if (typeof apiKey !== "string" || apiKey.length === 0) {
    throw new TypeError("Hubi: apiKey is required (for the client or for the call)");
  }
  // The message names the prefixes only: a key must never end up in logs.
  if (!apiKey.startsWith(`hubi_${environment}_`)) {
    const other = environment === "test" ? "live" : "test";
    throw new TypeError(
      apiKey.startsWith(`hubi_${other}_`)
        ? `Hubi: a hubi_${other}_ key cannot be used with environment "${environment}"`
        : `Hubi: apiKey must start with hubi_${environment}_ for environment "${environment}"`,
    );
  }
  return apiKey;
}

export function resolveOptions(options: HubiOptions): ResolvedOptions {
  const { apiKey, environment } = options;
  if (environment !== "test" && environment !== "live") {
    throw new TypeError(`Hubi: environment must be "test" or "live"`);
  }
  if (apiKey !== undefined) checkedApiKey(environment, apiKey);
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  return {
    apiKey,
    environment,
    baseUrl: (options.baseUrl ?? BASE_URLS[environment]).replace(/\/+$/, ""),
    timeoutMs: options.timeoutMs ?? 10_000,
    deadlineMs: options.deadlineMs ?? 60_000,
    maxRetries: options.maxRetries ?? 2,
    retryBaseDelayMs: options.retryBaseDelayMs ?? 500,
    retryMaxDelayMs: options.retryMaxDelayMs ?? 8_000,
    maxRetryAfterSeconds: options.maxRetryAfterSeconds ?? 60,
    fetch: fetchImpl,
    onRetry: options.onRetry,
    onResponse: options.onResponse,
  };
}

/** A finite number of milliseconds, at least `min`: NaN or 0 would poll without pause, or wait for ever. */
export function checkDuration(name: string, value: number, min: number): void {
  if (typeof value !== "number" || !Number.isFinite(value) || value < min) {
    throw new TypeError(`Hubi: ${name} must be a finite number of milliseconds, at least ${min}`);
  }
}
