/**
 * Checks on every portal API request before tRPC sees it:
 *  - a mutation (POST) must come from the portal's own pages: its Origin is the app's origin, and
 *    its body is JSON (a cross-site form can post multipart or text, never JSON with an Origin of
 *    ours): the defence against cross-site request forgery;
 *  - at most MAX_BATCH calls in one batched request, and a body of at most MAX_BODY_BYTES, so one
 *    request cannot occupy the server.
 */
import { env } from "@/env";
import { readTextWithin } from "@/server/http/read-limited";

export const MAX_BATCH = 10;
export const MAX_BODY_BYTES = 1_000_000;

const refuse = (status: number, message: string) =>
  Response.json({ error: { message, httpStatus: status } }, { status, headers: { "cache-control": "no-store" } });

function sameOrigin(req: Request): boolean {
  const origin = req.headers.get("origin");
  if (!origin) return false;
  let host: string;
  try {
    host = new URL(origin).host;
  } catch {
    return false;
  }
  const configured = [env().NEXTAUTH_URL, env().PUBLIC_BASE_URL].filter((u): u is string => !!u).map((u) => new URL(u).host);
  return configured.includes(host) || host === req.headers.get("host");
}

/** The procedures one request calls: `/api/trpc/a,b,c?batch=1` calls three. */
function callCount(req: Request): number {
  const path = new URL(req.url).pathname.split("/api/trpc/")[1] ?? "";
  return path.split(",").length;
}

/** The request to hand to tRPC, or the refusal to send instead. */
export async function guardTrpcRequest(req: Request): Promise<{ request: Request } | { refusal: Response }> {
  if (callCount(req) > MAX_BATCH) return { refusal: refuse(400, `At most ${MAX_BATCH} calls in one request`) };
  if (req.method !== "POST") return { request: req };
  if (!sameOrigin(req)) return { refusal: refuse(403, "This request did not come from the Hubi portal") };
  const type = req.headers.get("content-type")?.split(";")[0]?.trim().toLowerCase();
  if (type !== "application/json") return { refusal: refuse(415, "The portal API accepts JSON only") };
  const body = await readTextWithin(req, MAX_BODY_BYTES);
  if (body === null) return { refusal: refuse(413, `The request body is larger than ${MAX_BODY_BYTES.toLocaleString("en")} bytes`) };
  return { request: new Request(req.url, { method: req.method, headers: req.headers, body }) };
}
