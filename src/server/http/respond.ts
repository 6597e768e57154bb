import type { ErrorBody } from "@/contracts/errors";
import { AppError } from "@/server/errors";
import { env } from "@/env";
import { securityHeaders } from "@/server/http/security-headers";

let apiSecurityHeaders: Record<string, string> | undefined;

export function json(body: unknown, status: number, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { "content-type": "application/json; charset=utf-8", "cache-control": "no-store", ...(apiSecurityHeaders ??= securityHeaders(env().PUBLIC_BASE_URL)), ...headers },
  });
}

/** A streamed 200 (lines of a download), with the same headers as a JSON answer. */
export function stream(body: ReadableStream<Uint8Array>, contentType: string, headers: Record<string, string> = {}): Response {
  return new Response(body, {
    status: 200,
    headers: { "content-type": contentType, "cache-control": "no-store", ...(apiSecurityHeaders ??= securityHeaders(env().PUBLIC_BASE_URL)), ...headers },
  });
}

export function errorResponse(error: AppError, requestId: string, headers: Record<string, string> = {}): Response {
  const body: ErrorBody = {
    status: "failed",
    code: error.code,
    message: error.message,
    ...(error.errors ? { errors: error.errors } : {}),
    requestId,
  };
  return json(body, error.status, { ...headers, ...error.headers });
}
