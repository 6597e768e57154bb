import { checkHealth } from "@/server/health/health";
import { json } from "@/server/http/respond";

export const dynamic = "force-dynamic";

export async function GET() {
  const health = await checkHealth();
  return json(health, health.status === "ok" ? 200 : 503);
}
