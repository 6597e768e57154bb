/**
 * RFC 7240 `Prefer`: whether the request asks for `respond-async` (product rules §26). Preferences
 * are comma-separated tokens, optionally with values and parameters (`respond-async; foo=1`); the
 * header may be sent more than once (fetch joins the values with commas). Case-insensitive.
 */
export function prefersRespondAsync(request: Request): boolean {
  const header = request.headers.get("prefer");
  if (!header) return false;
  return header.split(",").some((preference) => preference.split(";")[0]!.split("=")[0]!.trim().toLowerCase() === "respond-async");
}
