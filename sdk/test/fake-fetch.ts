/**
 * A scripted `fetch` for unit tests: answers each call with the next scripted reply and records
 * the requests. Replies are responses, or errors to throw (network failures).
 */
import type { FetchLike } from "../src/index.js";

/** `hang`: never answers until aborted; `deaf`: never answers and ignores the abort too (a custom fetch that does not honour signals). */
export type Reply = Response | Error | "hang" | "deaf";
export type Call = { url: string; init: RequestInit; headers: Headers; body: unknown };

export const TEST_KEY = "hubi_test_0123456789abcdefghijklmnopqrstuvwxyzABCD";

export function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "Content-Type": "application/json", "X-Request-Id": "req_test", ...headers },
  });
}

export function apiError(status: number, code: string, message: string, headers: Record<string, string> = {}, extra: object = {}) {
  return json(status, { status: "failed", code, message, requestId: "req_error", ...extra }, headers);
}

export function fakeFetch(...replies: Reply[]) {
  const calls: Call[] = [];
  const fetch: FetchLike = async (url, init) => {
    calls.push({ url, init, headers: new Headers(init.headers), body: init.body ? JSON.parse(String(init.body)) : undefined });
    const reply = replies.shift();
    if (reply === undefined) throw new Error("fakeFetch: no reply scripted for this call");
    if (reply === "hang") {
      return new Promise<Response>((_, reject) => init.signal?.addEventListener("abort", () => reject(new Error("aborted"))));
    }
    if (reply === "deaf") return new Promise<Response>(() => {});
    if (reply instanceof Error) throw reply;
    return reply;
  };
  return { fetch, calls };
}

/** Tiny delays so retry tests run in milliseconds. */
export const fastRetries = { retryBaseDelayMs: 1, retryMaxDelayMs: 4 } as const;
