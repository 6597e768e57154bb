export const dynamic = "force-dynamic";

/** Liveness: the process answers. Depends on nothing outside it, so an outage restarts nothing. */
export function GET() {
  return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
}
