import { TRPCClientError } from "@trpc/client";
import { useLocale, useTranslations } from "next-intl";
import { ERROR_STATUS, type ErrorCode, type FieldError } from "@/contracts/errors";
import { errorText } from "@/components/i18n/error-text";

/** tRPC's codes for refusals thrown before a service runs (sign-in, role, rate limit). */
const FROM_TRPC: Record<string, ErrorCode> = {
  BAD_REQUEST: "BAD_REQUEST",
  UNAUTHORIZED: "UNAUTHORIZED",
  PRECONDITION_FAILED: "INSUFFICIENT_CREDITS",
  FORBIDDEN: "FORBIDDEN",
  NOT_FOUND: "NOT_FOUND",
  METHOD_NOT_SUPPORTED: "METHOD_NOT_ALLOWED",
  CONFLICT: "CONFLICT",
  TOO_MANY_REQUESTS: "RATE_LIMITED",
  INTERNAL_SERVER_ERROR: "INTERNAL_ERROR",
};

const isErrorCode = (code: unknown): code is ErrorCode => typeof code === "string" && code in ERROR_STATUS;

/** The error body the portal's route handlers answer with (the API's): `{ code, message, errors? }`. */
export type ErrorBody = { code: ErrorCode; message: string; errors?: FieldError[] };

export const isErrorBody = (body: unknown): body is ErrorBody =>
  typeof body === "object" && body !== null && isErrorCode((body as { code?: unknown }).code) && typeof (body as { message?: unknown }).message === "string";

/** A failed request's code and the server's message; none when it never got an answer. */
function answered(error: unknown): { code: ErrorCode; message: string } | null {
  if (isErrorBody(error)) return error;
  if (!(error instanceof TRPCClientError)) return null;
  const data = error.data as { appCode?: unknown; code?: string } | undefined;
  const code = isErrorCode(data?.appCode) ? data.appCode : FROM_TRPC[data?.code ?? ""];
  return code ? { code, message: error.message } : null;
}

/**
 * The portal's text for a failed request (a tRPC error, or a route handler's error body), in the
 * reader's language (see errorText); a request that got no answer is a network error.
 */
export function useErrorMessage(): (error: unknown) => string {
  const t = useTranslations("common.errors");
  const locale = useLocale();
  return (error) => {
    const failure = answered(error);
    return failure ? errorText(locale, t, failure.code, failure.message) : t("network");
  };
}
