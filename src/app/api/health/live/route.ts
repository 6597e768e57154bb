import { json } from "@/server/http/respond";

export const dynamic = "force-dynamic";

/** Liveness: the process answers. Depends on nothing outside it, so an outage restarts nothing. */
export function GET() {
  return json({ status: "ok" }, 200);
}
