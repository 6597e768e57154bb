/**
 * The headers every page is served with. Scripts run only with the request's nonce (Next.js puts
 * it on its own scripts when it finds it in the request's Content-Security-Policy), so injected
 * markup cannot run script; no other site may frame the portal (clickjacking). Styles may be
 * inline: the API reference and charts set style attributes, and styles cannot run code.
 */
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** Headers for pages and API responses alike; HSTS only where the public URL is https. */
export function securityHeaders(publicUrl: string | undefined): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    ...(publicUrl?.startsWith("https://") ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}
