import { z } from "zod";
import { verificationResultSchema, type VerificationResult } from "@/contracts/verifications";
import { pool } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";

export const USAGE_DAYS = 30;

export const getUsageByDayInput = z.object({ businessId: z.uuid(), mode: z.enum(["test", "live"]) });

/** A day's verifications by result: every result has its count, so none is left out of the chart. */
export type UsageDay = { day: string } & Record<VerificationResult, number>;

/** Verifications per UTC day and outcome over the last 30 days, every day present (zeros included). */
export async function getUsageByDay(ctx: ServiceContext, input: z.input<typeof getUsageByDayInput>): Promise<UsageDay[]> {
  const { businessId, mode } = getUsageByDayInput.parse(input);
  assertBusinessAccess(ctx, businessId, "read");
  const since = new Date(Date.now() - (USAGE_DAYS - 1) * 86_400_000);
  since.setUTCHours(0, 0, 0, 0);
  // One grouped scan over the (business, mode, created_at) index.
  const { rows } = await pool().query<{ day: string; result: VerificationResult; n: number }>(
    `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD') AS day, result::text AS result, count(*)::int AS n
       FROM verification
      WHERE business_id = $1 AND mode = $2::"Mode" AND created_at >= $3
      GROUP BY 1, 2`,
    [businessId, mode, since],
  );
  const days = new Map<string, UsageDay>();
  for (let i = 0; i < USAGE_DAYS; i++) {
    const day = new Date(since.getTime() + i * 86_400_000).toISOString().slice(0, 10);
    days.set(day, { day, ...Object.fromEntries(verificationResultSchema.options.map((r) => [r, 0])) } as UsageDay);
  }
  for (const row of rows) {
    const entry = days.get(row.day);
    if (entry) entry[row.result] = row.n;
  }
  return [...days.values()];
}
