/**
 * Runs before every page: a fresh CSP nonce and the security headers (src/server/http/security-headers.ts),
 * and the address asked for, which a layout that must send the reader to sign-in keeps as the
 * return address (src/contracts/return-to.ts).
 * The public API (/api/v1) and static files are not matched: the API sets its own headers and
 * its hot path stays free of this step. Nor is the portal's batch upload: Next.js copies the body
 * of a request it runs this step for, and cuts it at `proxyClientMaxBodySize` (next.config.js),
 * while a batch file must stream whole to its reader (docs/security.md).
 */
import { NextResponse, type NextRequest } from "next/server";
import { RETURN_TO_HEADER, returnToOf } from "./contracts/return-to";
import { contentSecurityPolicy, securityHeaders } from "./server/http/security-headers";

export function proxy(request: NextRequest) {
  const nonce = Buffer.from(crypto.randomUUID()).toString("base64");
  const csp = contentSecurityPolicy(nonce);
  const requestHeaders = new Headers(request.headers);
  requestHeaders.set("x-nonce", nonce);
  requestHeaders.set("Content-Security-Policy", csp);
  requestHeaders.set(RETURN_TO_HEADER, returnToOf(request.nextUrl));
  const response = NextResponse.next({ request: { headers: requestHeaders } });
  response.headers.set("Content-Security-Policy", csp);
  for (const [name, value] of Object.entries(securityHeaders(process.env.PUBLIC_BASE_URL ?? process.env.NEXTAUTH_URL))) {
    response.headers.set(name, value);
  }
  return response;
}

export const config = {
  matcher: [{ source: "/((?!api/v1|batches/upload|_next/static|_next/image|favicon.ico|icon.svg|logo.svg).*)" }],
};
