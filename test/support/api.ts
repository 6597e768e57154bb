/** A thin fetch wrapper for API tests: raw status, headers and parsed body, nothing hidden. */
import { inject } from "vitest";

export type ApiResponse<T = any> = { status: number; headers: Headers; body: T };

export async function api<T = any>(
  method: string,
  path: string,
  options: { key?: string; body?: unknown; rawBody?: string; headers?: Record<string, string>; baseUrl?: string } = {},
): Promise<ApiResponse<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.key) headers.authorization = `Bearer ${options.key}`;
  let body: string | undefined = options.rawBody;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["content-type"] ??= "application/json";
  }
  // Redirects are not followed: the API answers every request itself.
  const res = await fetch(`${options.baseUrl ?? inject("baseUrl")}/api/v1${path}`, { method, headers, body, redirect: "manual" });
  const text = await res.text();
  let parsed: unknown = text;
  try {
    parsed = JSON.parse(text);
  } catch {
    // leave as text: the test will say what it expected
  }
  return { status: res.status, headers: res.headers, body: parsed as T };
}
