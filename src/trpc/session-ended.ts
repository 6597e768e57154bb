import { TRPCClientError } from "@trpc/client";
import { signInUrl } from "@/contracts/sign-in-url";

/** Pages that work signed out: an UNAUTHORIZED answer there is not a session that ended. */
const PUBLIC_PAGES = /^\/(?:$|sign-in|sign-up|forgot-password|reset-password|confirm-email|invite|docs|dev)(?:\/|$)/;

/**
 * A call refused because the session is gone (signed out everywhere, expired) leaves the page
 * for sign-in, which brings the reader back here afterwards. Without this, every panel of the
 * open tab would keep showing "Sign in to continue" until a reload.
 */
export function leaveIfSessionEnded(error: unknown): void {
  if (!(error instanceof TRPCClientError) || error.data?.code !== "UNAUTHORIZED") return;
  const { pathname, search } = window.location;
  if (PUBLIC_PAGES.test(pathname)) return;
  window.location.assign(signInUrl(`${pathname}${search}`, true));
}
