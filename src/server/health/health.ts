import { pool } from "@/server/db/client";

/** Liveness plus a database round trip: what load balancers and the benchmark's baseline call. */
export async function checkHealth(): Promise<{ status: "ok" | "unavailable"; database: "ok" | "unreachable" }> {
  try {
    await pool().query("SELECT 1");
    return { status: "ok", database: "ok" };
  } catch {
    return { status: "unavailable", database: "unreachable" };
  }
}
