/** Direct database reads for assertions: what the API did, seen from the tables themselves. */
import { pool } from "@/server/db/client";

export async function balanceOf(businessId: string): Promise<number> {
  const { rows } = await pool().query<{ balance: number }>("SELECT credit_balance($1) AS balance", [businessId]);
  return rows[0]!.balance;
}

export async function ledgerSum(businessId: string): Promise<number> {
  const { rows } = await pool().query<{ sum: number }>(
    "SELECT coalesce(sum(amount), 0)::int AS sum FROM credit_ledger_entry WHERE business_id = $1",
    [businessId],
  );
  return rows[0]!.sum;
}

export async function verificationCount(businessId: string, mode?: "test" | "live"): Promise<number> {
  const { rows } = await pool().query<{ n: number }>(
    "SELECT count(*)::int AS n FROM verification WHERE business_id = $1 AND ($2::text IS NULL OR mode::text = $2)",
    [businessId, mode ?? null],
  );
  return rows[0]!.n;
}

export async function outboxTypes(businessId: string): Promise<string[]> {
  const { rows } = await pool().query<{ type: string }>(
    "SELECT type FROM outbox_event WHERE business_id = $1 ORDER BY created_at, id",
    [businessId],
  );
  return rows.map((r) => r.type);
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Whether some connection is waiting for a lock that connection `pid` holds. */
export async function blockedBy(pid: number): Promise<boolean> {
  const { rows } = await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM pg_stat_activity WHERE $1 = ANY(pg_blocking_pids(pid))", [pid]);
  return rows[0]!.n > 0;
}
