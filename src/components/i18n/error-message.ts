import { TRPCClientError } from "@trpc/client";
import { useLocale, useTranslations } from "next-intl";
import { ERROR_STATUS, type ErrorCode } from "@/contracts/errors";

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

/**
 * The portal's text for a failed request. The server's messages are English (the API's machine
 * contract, shared by the portal): an English reader sees them as they are, since they say the
 * most; a Somali reader sees the portal's own text for the error's code.
 */
export function useErrorMessage(): (error: unknown) => string {
  const t = useTranslations("common.errors");
  const locale = useLocale();
  return (error) => {
    if (!(error instanceof TRPCClientError)) return t("network");
    const data = error.data as { appCode?: unknown; code?: string } | undefined;
    const code = isErrorCode(data?.appCode) ? data.appCode : FROM_TRPC[data?.code ?? ""];
    if (!code) return t("network");
    return locale === "en" && error.message ? error.message : t(code);
  };
}
