/** Following a pending verification (product rules §26) to its end, as the API tests do. */
import { pool } from "@/server/db/client";
import { api } from "./api";
import { waitFor } from "./wait-for";

type Caller = { key: string; baseUrl?: string };

/** Waits in the database (the API's rate limit is not for polling this fast), then reads it once through the API. */
export async function completed({ key, baseUrl }: Caller, id: string) {
  await waitFor(
    "the pending verification to complete",
    async () => (await pool().query("SELECT 1 FROM verification WHERE id = $1 AND result <> 'pending'", [id])).rows.length === 1,
  );
  return api("GET", `/verifications/${id}`, { key, baseUrl });
}

/** The verification_completed events of one verification, as the events API lists them. */
export async function completions({ key, baseUrl }: Caller, id: string) {
  const res = await api("GET", "/events?type=verification_completed", { key, baseUrl });
  return (res.body.data as { data: { id: string; result: string } }[]).filter((e) => e.data.id === id).map((e) => e.data.result);
}
