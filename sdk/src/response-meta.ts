/** What every API response says about itself in its headers, exposed on results and errors. */

export type RateLimit = {
  /** Requests allowed per rolling minute for this endpoint group. */
  limit: number;
  /** Requests left in the current window. */
  remaining: number;
  /** Seconds until the window has room again. */
  reset: number;
};

export type ResponseMeta = {
  /** The `X-Request-Id`; quote it to support. */
  requestId: string;
  /** The `RateLimit-*` headers; null on responses rejected before the limiter (401, 403). */
  rateLimit: RateLimit | null;
  /** True when the API replayed a stored response (`Idempotent-Replayed: true`). */
  replayed: boolean;
};

export function responseMeta(headers: Headers): ResponseMeta {
  const number = (name: string) => {
    const value = headers.get(name);
    return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : undefined;
  };
  const limit = number("ratelimit-limit");
  const remaining = number("ratelimit-remaining");
  const reset = number("ratelimit-reset");
  return {
    requestId: headers.get("x-request-id") ?? "",
    rateLimit: limit !== undefined && remaining !== undefined && reset !== undefined ? { limit, remaining, reset } : null,
    replayed: headers.get("idempotent-replayed") === "true",
  };
}
