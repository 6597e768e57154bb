/**
 * One API call: builds the request, enforces the per-attempt timeout, turns error responses into
 * typed errors and retries what the retry policy allows. Uses only fetch, AbortController and
 * setTimeout, which every supported runtime has.
 */
import { ConnectionError, ERROR_CLASSES, HubiError, InternalServerError, TimeoutError } from "./errors.js";
import type { ResolvedOptions } from "./options.js";
import { parseRetryAfter, retryDelayMs } from "./retry-policy.js";
import type { ErrorBody, ErrorCode } from "./types.js";

export const API_PATH = "/api/v1";

export type ApiRequest = {
  method: "GET" | "POST";
  path: string;
  query?: Record<string, string | number | undefined>;
  body?: unknown;
  idempotencyKey?: string;
};

export type ApiResponse<T> = { body: T; requestId: string; headers: Headers };

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class HttpClient {
  constructor(
    private readonly apiKey: string,
    private readonly options: ResolvedOptions,
  ) {}

  async request<T>(request: ApiRequest): Promise<ApiResponse<T>> {
    for (let retry = 0; ; retry++) {
      try {
        return await this.attempt<T>(request);
      } catch (error) {
        const delay = retry < this.options.maxRetries ? retryDelayMs(error, retry, this.options) : undefined;
        if (delay === undefined) throw error;
        await sleep(delay);
      }
    }
  }

  private async attempt<T>(request: ApiRequest): Promise<ApiResponse<T>> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    try {
      const response = await this.options.fetch(this.url(request), {
        method: request.method,
        headers: this.headers(request),
        body: request.body === undefined ? undefined : JSON.stringify(request.body),
        signal: controller.signal,
      });
      // The body is read under the same timer: a stalled body is a timeout too.
      const text = await response.text();
      const requestId = response.headers.get("x-request-id") ?? "";
      if (!response.ok) throw errorFromResponse(response, text, requestId);
      const body = parseJson(text);
      if (body === undefined) {
        throw new HubiError("UNEXPECTED_RESPONSE", { status: response.status, requestId, message: `HTTP ${response.status} without a JSON body` });
      }
      return { body: body as T, requestId, headers: response.headers };
    } catch (error) {
      if (error instanceof HubiError) throw error;
      if (controller.signal.aborted) throw new TimeoutError(this.options.timeoutMs);
      throw new ConnectionError(`Could not reach the Hubi API: ${error instanceof Error ? error.message : String(error)}`, error);
    } finally {
      clearTimeout(timer);
    }
  }

  private url({ path, query }: ApiRequest): string {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(name, String(value));
    const search = params.toString();
    return `${this.options.baseUrl}${API_PATH}${path}${search ? `?${search}` : ""}`;
  }

  private headers({ body, idempotencyKey }: ApiRequest): Record<string, string> {
    return {
      Authorization: `Bearer ${this.apiKey}`,
      Accept: "application/json",
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...(idempotencyKey === undefined ? {} : { "Idempotency-Key": idempotencyKey }),
    };
  }
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
export function errorFromResponse(response: Response, text: string, requestId: string): HubiError {
  const body = parseJson(text);
  const retryAfter = parseRetryAfter(response.headers.get("retry-after"));
  const init = { status: response.status, requestId: requestId || undefined, retryAfter };
  if (isErrorBody(body)) {
    const known = ERROR_CLASSES[body.code as ErrorCode] as (typeof ERROR_CLASSES)[ErrorCode] | undefined;
    const details = { ...init, message: body.message, errors: body.errors, requestId: body.requestId ?? init.requestId };
    return known ? new known(details) : new HubiError(body.code, details);
  }
  const message = `HTTP ${response.status} without a Hubi error body`;
  return response.status >= 500 ? new InternalServerError({ ...init, message }) : new HubiError("UNEXPECTED_RESPONSE", { ...init, message });
}
