/**
 * The public error contract: one map from error code to HTTP status drives the runtime, the zod
 * schemas, the OpenAPI document and the client library's error classes.
 */
import { z } from "zod";

export const ERROR_STATUS = {
  BAD_REQUEST: 400,
  UNAUTHORIZED: 401,
  INSUFFICIENT_CREDITS: 402,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  METHOD_NOT_ALLOWED: 405,
  CONFLICT: 409,
  /** The same Idempotency-Key while its first request is still running: worth waiting for (Retry-After). */
  IDEMPOTENCY_IN_FLIGHT: 409,
  RATE_LIMITED: 429,
  INTERNAL_ERROR: 500,
  /** The national registry did not answer in time, or cannot be asked now: free, retryable (Retry-After). */
  REGISTRY_UNAVAILABLE: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const errorCodeSchema = z.enum(Object.keys(ERROR_STATUS) as [ErrorCode, ...ErrorCode[]]);

export const fieldErrorSchema = z
  .object({
    field: z.string().meta({ description: "The offending field, header or query parameter.", example: "nationalId" }),
    message: z.string().meta({ example: "National ID must be exactly 11 digits" }),
  })
  .meta({ id: "FieldError" });

export const errorBodySchema = z
  .object({
    status: z.literal("failed"),
    code: errorCodeSchema,
    message: z.string(),
    errors: z.array(fieldErrorSchema).optional().meta({ description: "Present on validation failures." }),
    requestId: z.string().meta({ description: "Also in the X-Request-Id header. Quote it to support." }),
  })
  .meta({ id: "Error" });

export type FieldError = z.infer<typeof fieldErrorSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;
