import { AppError } from "@/server/errors";
import { newRequestId } from "@/server/crypto/identifiers";
import { errorResponse } from "@/server/http/respond";

/** Unknown paths under /api/v1 answer in the API's own error format. */
function notFound() {
  const requestId = newRequestId();
  return errorResponse(new AppError("NOT_FOUND", "No such endpoint. See /api/v1/docs/openapi.json."), requestId, {
    "X-Request-Id": requestId,
  });
}

export const GET = notFound;
export const POST = notFound;
export const PUT = notFound;
export const PATCH = notFound;
export const DELETE = notFound;
export const HEAD = notFound;
export const OPTIONS = notFound;
