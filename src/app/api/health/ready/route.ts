import { checkReadiness } from "@/server/health/readiness";

export const dynamic = "force-dynamic";

/** Readiness: 200 when this process can serve, 503 naming the failing parts otherwise. */
export async function GET() {
  const readiness = await checkReadiness();
  return Response.json(readiness, { status: readiness.status === "ready" ? 200 : 503, headers: { "Cache-Control": "no-store" } });
}
