/**
 * One API call: builds the request, enforces the per-attempt timeout and the caller's signal,
 * turns error responses into typed errors and retries what the retry policy allows. Uses only
 * fetch, AbortController and setTimeout, which every supported runtime has.
 */
import { AbortedError, ConnectionError, ERROR_CLASSES, HubiError, InternalServerError, TimeoutError, UnexpectedResponseError } from "./errors.js";
import { checkedApiKey, type RequestOptions, type ResolvedOptions } from "./options.js";
import { responseMeta, type ResponseMeta } from "./response-meta.js";
import { inFlightDelayMs, parseRetryAfter, retryDelayMs } from "./retry-policy.js";
import type { ErrorBody, ErrorCode } from "./types.js";
import { VERSION } from "./version.js";

export const API_PATH = "/api/v1";
export const USER_AGENT = `hubi-node/${VERSION}`;

export type ApiRequest = {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  /** A body sent as is (a batch file) instead of JSON; a stream can be sent only once, so it is never retried. */
  file?: { data: string | Uint8Array | Blob | ReadableStream<Uint8Array>; contentType: string };
  /** What the response should be (default JSON); `stream` answers the body unread. */
  accept?: string;
  idempotencyKey?: string;
  /** RFC 7240 preferences (`respond-async`). */
  prefer?: string;
};

export type ApiResponse<T> = ResponseMeta & { body: T };

type CallOptions = ResolvedOptions & RequestOptions & { apiKey: string };

export class HttpClient {
  constructor(private readonly options: ResolvedOptions) {}

  /** The deployment whose guide the errors' `docUrl` points at. */
  get docsBaseUrl(): string {
    return this.options.baseUrl;
  }

  async request<T>(request: ApiRequest, perCall: RequestOptions = {}): Promise<ApiResponse<T>> {
    return this.retrying(request, perCall, (options) => this.attempt<T>(request, options));
  }

  /** The response body as a stream of bytes (a batch's results), with the same errors and retries up to the first byte. */
  async stream(request: ApiRequest, perCall: RequestOptions = {}): Promise<ApiResponse<ReadableStream<Uint8Array>>> {
    return this.retrying(request, perCall, (options) => this.attempt<ReadableStream<Uint8Array>>(request, options, "stream"));
  }

  /**
   * Attempts until one succeeds, a failure is not worth retrying, the retries are used up or the
   * call's deadline is near. Waits on a request in flight use no retry. The error that ends the
   * call carries its Idempotency-Key, so that the caller can resume it.
   */
  private async retrying<T>(request: ApiRequest, perCall: RequestOptions, attempt: (options: CallOptions) => Promise<T>): Promise<T> {
    const merged = { ...this.options, ...definedOnly(perCall) };
    const options = { ...merged, apiKey: checkedApiKey(this.options.environment, merged.apiKey) };
    const deadline = Date.now() + options.deadlineMs;
    const maxRetries = request.file?.data instanceof ReadableStream ? 0 : options.maxRetries;
    for (let retries = 0, sent = 1; ; sent++) {
      try {
        return await attempt({ ...options, timeoutMs: Math.max(1, Math.min(options.timeoutMs, deadline - Date.now())) });
      } catch (error) {
        const waiting = inFlightDelayMs(error, options);
        const delay = waiting ?? (retries < maxRetries ? retryDelayMs(error, retries, options) : undefined);
        if (delay === undefined || Date.now() + delay >= deadline || perCall.signal?.aborted) {
          if (error instanceof HubiError) error.idempotencyKey = request.idempotencyKey;
          throw error;
        }
        if (waiting === undefined) retries++;
        options.onRetry?.({ method: request.method, path: request.path, retry: sent, delayMs: delay, error: error as HubiError });
        // Aborted while it waits, the call may already have done its work: the key goes with the error too.
        await sleep(delay, perCall.signal, this.options.baseUrl).catch((aborted: HubiError) => {
          aborted.idempotencyKey = request.idempotencyKey;
          throw aborted;
        });
      }
    }
  }

  private async attempt<T>(request: ApiRequest, options: CallOptions, read: "json" | "stream" = "json"): Promise<ApiResponse<T>> {
    const { signal } = options;
    const docs = { docsBaseUrl: this.options.baseUrl };
    if (signal?.aborted) throw new AbortedError({ cause: signal.reason, ...docs });
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), options.timeoutMs);
    const onAbort = () => controller.abort();
    signal?.addEventListener("abort", onAbort);
    // The timeout and the caller's signal end the attempt even when the fetch in use does not
    // settle on abort (a custom fetch, or a request stuck below it): a deadline is a deadline.
    const ended = new Promise<never>((_, reject) => controller.signal.addEventListener("abort", () => reject(controller.signal.reason), { once: true }));
    ended.catch(() => {});
    const started = Date.now();
    try {
      const fetched = options.fetch(this.url(request), {
        method: request.method,
        headers: this.headers(request, options.apiKey),
        body: request.file ? request.file.data : request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: controller.signal,
        // A streamed request body needs it (Node's fetch); other bodies ignore it.
        ...(request.file?.data instanceof ReadableStream ? { duplex: "half" } : {}),
      } as RequestInit);
      const response = await Promise.race([fetched, ended]);
      if (read === "stream" && response.ok && response.body) {
        // Only the wait for the headers is timed: a long download is no timeout.
        clearTimeout(timer);
        const meta = responseMeta(response.headers);
        options.onResponse?.({ ...meta, method: request.method, path: request.path, status: response.status, durationMs: Date.now() - started });
        return { ...meta, body: response.body as T };
      }
      // The body is read under the same timer: a stalled body is a timeout too.
      const text = await Promise.race([response.text(), ended]);
      const meta = responseMeta(response.headers);
      options.onResponse?.({ ...meta, method: request.method, path: request.path, status: response.status, durationMs: Date.now() - started });
      if (!response.ok) throw errorFromResponse(response, text, meta, this.options.baseUrl);
      const body = parseJson(text);
      if (body === undefined) {
        throw new UnexpectedResponseError({ ...meta, ...docs, status: response.status, message: `HTTP ${response.status} without a JSON body` });
      }
      return { ...meta, body: body as T };
    } catch (error) {
      if (error instanceof HubiError) throw error;
      if (signal?.aborted) throw new AbortedError({ cause: signal.reason, ...docs });
      if (controller.signal.aborted) throw new TimeoutError(options.timeoutMs, docs);
      throw new ConnectionError(`Could not reach the Hubi API: ${error instanceof Error ? error.message : String(error)}`, { cause: error, ...docs });
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener("abort", onAbort);
    }
  }

  private url({ path, query }: ApiRequest): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, String(value));
    const search = params.toString();
    return `${this.options.baseUrl}${API_PATH}${path}${search ? `?${search}` : ""}`;
  }

  private headers({ body, file, accept, idempotencyKey, prefer }: ApiRequest, apiKey: string): Record<string, string> {
    return {
      Authorization: `Bearer ${apiKey}`,
      Accept: accept ?? "application/json",
      // Browsers refuse to set it (and the library is not for browsers); servers and edges send it.
      "User-Agent": USER_AGENT,
      ...(file ? { "Content-Type": file.contentType } : body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
      ...(prefer === undefined ? {} : { Prefer: prefer }),
    };
  }
}

/** Per-call options override the client's only where they are given. */
function definedOnly(options: RequestOptions): Partial<RequestOptions> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined));
}

/** The wait before a retry (or a poll); the caller's signal cuts it short with an AbortedError. */
export function sleep(ms: number, signal: AbortSignal | undefined, docsBaseUrl: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new AbortedError({ cause: signal.reason, docsBaseUrl }));
    const timer = setTimeout(done, ms);
    function done() {
      signal?.removeEventListener("abort", aborted);
      resolve();
    }
    function aborted() {
      clearTimeout(timer);
      reject(new AbortedError({ cause: signal?.reason, docsBaseUrl }));
    }
    signal?.addEventListener("abort", aborted, { once: true });
  });
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isErrorBody(body: unknown): body is ErrorBody {
  return typeof body === "object" && body !== null && (body as ErrorBody).status === "failed" && typeof (body as ErrorBody).code === "string";
}

/** The typed error for a non-2xx response; bodies that are not ours (a proxy's 502 page) map by status. */
export function errorFromResponse(response: Response, text: string, meta: ResponseMeta, docsBaseUrl?: string): HubiError {
  const body = parseJson(text);
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  const init = { status: response.status, requestId: meta.requestId || undefined, rateLimit: meta.rateLimit, retryAfter, docsBaseUrl };
  if (isErrorBody(body)) {
    const known = ERROR_CLASSES[body.code as ErrorCode] as (typeof ERROR_CLASSES)[ErrorCode] | undefined;
    const details = { ...init, message: body.message, errors: body.errors, requestId: body.requestId ?? init.requestId };
    // A code newer than this library: still a HubiError, documented as an unexpected response.
    return known ? new known(details) : new UnexpectedResponseError({ ...details, message: `${body.code}: ${body.message}` });
  }
  const message = `HTTP ${response.status} without a Hubi error body`;
  return response.status >= 500 ? new InternalServerError({ ...init, message }) : new UnexpectedResponseError({ ...init, message });
}
