import { AppError } from "@/server/errors";
import { newRequestId } from "@/server/crypto/identifiers";
import { errorResponse } from "@/server/http/respond";
import { observeRequest } from "@/server/observability/observe";

/**
 * Unknown paths under /api/v1 answer in the API's own error format. They are observed under one
 * route name: a raw path may hold anything (a national ID) and has no bound.
 */
function notFound(req: Request) {
  const started = performance.now();
  const requestId = newRequestId();
  const response = errorResponse(new AppError("NOT_FOUND", "No such endpoint. See /api/v1/docs/openapi.json."), requestId, {
    "X-Request-Id": requestId,
  });
  observeRequest({ requestId, route: "/api/v1/{unknown}", method: req.method, status: response.status, durationMs: performance.now() - started });
  return response;
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const HEAD = notFound;
export const OPTIONS = notFound;
