/**
 * The sign-in page's address that brings the reader back to `returnTo` afterwards. `ended` says
 * the reader was signed in a moment ago (the session was ended elsewhere or expired), so the page
 * explains why it is asking again.
 */
export const SESSION_ENDED = "session-ended";

export function signInUrl(returnTo: string | null, ended = false): string {
  const params = new URLSearchParams();
  if (returnTo && returnTo !== "/") params.set("callbackUrl", returnTo);
  if (ended) params.set("reason", SESSION_ENDED);
  const query = params.toString();
  return query ? `/sign-in?${query}` : "/sign-in";
}
