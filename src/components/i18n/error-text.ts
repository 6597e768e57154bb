import type { ErrorCode } from "@/contracts/errors";

/**
 * The portal's text for an error the server answered. The server's messages are English (the
 * API's machine contract, shared by the portal): an English reader sees them as they are, since
 * they say the most; any other reader sees the portal's own text for the error's code
 * (common.errors), in the browser and in the portal's route handlers alike.
 */
export function errorText(locale: string, t: (code: ErrorCode) => string, code: ErrorCode, message: string | undefined): string {
  return locale === "en" && message ? message : t(code);
}
