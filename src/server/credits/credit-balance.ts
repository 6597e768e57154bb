/** A business's live balance: the sum of its credit buckets (see charge-credit-sql.ts). */
import { pool } from "@/server/db/client";

export async function creditBalances(businessIds: string[]): Promise<Map<string, number>> {
  if (businessIds.length === 0) return new Map();
  const { rows } = await pool().query<{ business_id: string; balance: number }>(
    "SELECT business_id, sum(balance)::int AS balance FROM credit_bucket WHERE business_id = ANY($1::uuid[]) GROUP BY business_id",
    [businessIds],
  );
  const balances = new Map(rows.map((r) => [r.business_id, r.balance]));
  return new Map(businessIds.map((id) => [id, balances.get(id) ?? 0]));
}

export async function creditBalance(businessId: string): Promise<number> {
  return (await creditBalances([businessId])).get(businessId)!;
}
