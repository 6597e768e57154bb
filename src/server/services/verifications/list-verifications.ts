/**
 * The verification history of one business in one mode, newest first.
 *
 * Unfiltered pages (the common case, and the API's) cost one statement whatever the depth: each
 * verification's `seq` is its position in the history and the business row holds the count, so
 * page N is an index seek on `seq <= count - offset` and the total is read, not counted.
 * Filtered pages count and offset over the matching rows.
 */
import { z } from "zod";
import type { Mode } from "@/generated/prisma/enums";
import type { Verification } from "@/contracts/verifications";
import type { ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { AppError, notFound } from "@/server/errors";
import { assertBusinessAccess } from "@/server/authorization";
import { chargeCreditCtes, INSUFFICIENT_CREDITS_MESSAGE } from "@/server/services/credits/charge-credit-sql";
import { fromRow, VERIFICATION_COLUMNS, type VerificationRow } from "./verification-row";

export const listVerificationsInput = z.object({
  businessId: z.uuid(),
  mode: z.enum(["test", "live"]),
  page: z.number().int().min(1).default(1),
  limit: z.number().int().min(1).max(100).default(20),
  result: z.enum(["verified", "not_found", "expired", "revoked"]).optional(),
  channel: z.enum(["api", "portal"]).optional(),
  from: z.date().optional(),
  to: z.date().optional(),
  /** API calls in live mode pay one credit; the portal's own views do not. */
  chargeCredit: z.boolean().default(false),
});

export type ListVerificationsInput = z.input<typeof listVerificationsInput>;
export type VerificationPage = { data: Verification[]; pagination: { page: number; limit: number; total: number } };

type PageRow = VerificationRow & { total: number; charged: boolean };

export async function listVerifications(ctx: ServiceContext, raw: ListVerificationsInput): Promise<VerificationPage> {
  const input = listVerificationsInput.parse(raw);
  assertBusinessAccess(ctx, input.businessId, "viewer");
  const filtered = Boolean(input.result || input.channel || input.from || input.to);
  const rows = filtered ? await filteredPage(ctx, input) : await unfilteredPage(ctx, input);
  if (rows.length === 0) throw notFound("Business not found");
  if (input.chargeCredit && input.mode === "live" && !rows[0]!.charged) {
    throw new AppError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
  }
  return {
    data: rows.filter((r) => r.id !== null).map(fromRow),
    pagination: { page: input.page, limit: input.limit, total: rows[0]!.total },
  };
}

type Input = z.output<typeof listVerificationsInput>;

const countColumn = (mode: Mode) => (mode === "live" ? "live_verification_count" : "test_verification_count");

/** `head` yields one row (total, charged) or none when the business does not exist. */
function head(ctx: ServiceContext, q: Sql, input: Input): string {
  const biz = q.p(input.businessId, "uuid");
  if (input.chargeCredit && input.mode === "live") {
    return `WITH ${chargeCreditCtes(q, { businessId: input.businessId, requestId: ctx.requestId, note: "List verifications", at: new Date(), returning: "live_verification_count AS total" })},
  head AS (
    SELECT total, true AS charged FROM charge
    UNION ALL
    SELECT live_verification_count, false FROM business WHERE id = ${biz} AND NOT EXISTS (SELECT 1 FROM charge)
  )`;
  }
  return `WITH head AS (SELECT ${countColumn(input.mode)} AS total, false AS charged FROM business WHERE id = ${biz})`;
}

async function unfilteredPage(ctx: ServiceContext, input: Input): Promise<PageRow[]> {
  const q = new Sql();
  const sql = `${head(ctx, q, input)}
SELECT head.total, head.charged, v.* FROM head
LEFT JOIN LATERAL (
  SELECT ${VERIFICATION_COLUMNS} FROM verification
   WHERE business_id = ${q.p(input.businessId, "uuid")} AND mode = ${q.p(input.mode, '"Mode"')}
     AND seq <= head.total - ${q.p((input.page - 1) * input.limit, "bigint")}
     AND NOT (head.charged IS FALSE AND ${q.p(input.chargeCredit && input.mode === "live", "boolean")})
   ORDER BY seq DESC LIMIT ${q.p(input.limit, "int")}
) v ON true`;
  return (await pool().query<PageRow>(sql, q.values)).rows;
}

async function filteredPage(ctx: ServiceContext, input: Input): Promise<PageRow[]> {
  const q = new Sql();
  const h = head(ctx, q, input);
  const conditions = [
    `business_id = ${q.p(input.businessId, "uuid")}`,
    `mode = ${q.p(input.mode, '"Mode"')}`,
    input.result && `result = ${q.p(input.result, '"VerificationResult"')}`,
    input.channel && `channel = ${q.p(input.channel, '"Channel"')}`,
    input.from && `created_at >= ${q.p(input.from, "timestamptz")}`,
    input.to && `created_at < ${q.p(input.to, "timestamptz")}`,
  ].filter(Boolean);
  const paid = q.p(input.chargeCredit && input.mode === "live", "boolean");
  const sql = `${h},
  matching AS (SELECT count(*)::int AS total FROM verification WHERE ${conditions.join(" AND ")})
SELECT matching.total, head.charged, v.* FROM head CROSS JOIN matching
LEFT JOIN LATERAL (
  SELECT ${VERIFICATION_COLUMNS} FROM verification
   WHERE ${conditions.join(" AND ")} AND NOT (head.charged IS FALSE AND ${paid})
   ORDER BY seq DESC OFFSET ${q.p((input.page - 1) * input.limit, "bigint")} LIMIT ${q.p(input.limit, "int")}
) v ON true`;
  return (await pool().query<PageRow>(sql, q.values)).rows;
}
