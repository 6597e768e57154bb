import { checkReadiness } from "@/server/health/readiness";
import { json } from "@/server/http/respond";

export const dynamic = "force-dynamic";

/** Readiness: 200 when this process can serve, 503 naming the failing parts otherwise. */
export async function GET() {
  const readiness = await checkReadiness();
  return json(readiness, readiness.status === "ready" ? 200 : 503);
}
