/**
 * Next.js answers a path with `//` or `\` (e.g. `/api/v1//verifications`) with its own 308 to the
 * cleaned path before any route or proxy runs, so that response would lack the X-Request-Id that
 * every response carries (product rules §7). It is given one here, before Next.js sees the request.
 */
import type http from "node:http";
import { newRequestId } from "@/server/crypto/identifiers";

export function tagSlashRedirect(req: http.IncomingMessage, res: http.ServerResponse): void {
  const path = (req.url ?? "").split("?", 1)[0]!;
  if (path.includes("//") || path.includes("\\")) res.setHeader("X-Request-Id", newRequestId());
}
