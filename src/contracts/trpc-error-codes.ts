/**
 * The portal's one map between our error codes and tRPC's: the server throws a service's AppError
 * as the tRPC code here; the browser reads refusals thrown before a service runs (sign-in, role,
 * rate limit) back through the inverse, derived, not written twice.
 */
import type { TRPCError } from "@trpc/server";
import type { ErrorCode } from "./errors";

type TrpcCode = TRPCError["code"];

export const TRPC_CODE = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  INSUFFICIENT_CREDITS: "PRECONDITION_FAILED",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_ALLOWED: "METHOD_NOT_SUPPORTED",
  CONFLICT: "CONFLICT",
  IDEMPOTENCY_IN_FLIGHT: "CONFLICT",
  RATE_LIMITED: "TOO_MANY_REQUESTS",
  INTERNAL_ERROR: "INTERNAL_SERVER_ERROR",
  REGISTRY_UNAVAILABLE: "SERVICE_UNAVAILABLE",
} as const satisfies Record<ErrorCode, TrpcCode>;

/** tRPC code → our code; where two of ours share one tRPC code, the first listed above wins (CONFLICT). */
export const FROM_TRPC: Partial<Record<TrpcCode, ErrorCode>> = Object.fromEntries(
  (Object.entries(TRPC_CODE) as [ErrorCode, TrpcCode][]).reverse().map(([ours, trpc]) => [trpc, ours]),
);
