/**
 * The verification history of one business in one mode, newest first.
 *
 * Unfiltered pages (the common case, and the API's) cost one statement whatever the depth: each
 * verification's `seq` is its position in the history and the business row holds the count, so
 * page N is an index seek on `seq <= count - offset` and the total is read, not counted.
 * Filtered pages count and offset over the matching rows. Cursor pages (`startingAfter`,
 * `endingBefore`) seek from the cursor's `seq`, so items created meanwhile never shift them.
 */
import { z } from "zod";
import type { Mode } from "@/generated/prisma/enums";
import { channelSchema, type Verification } from "@/contracts/verifications";
import type { ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { pageInput } from "@/server/db/pagination";
import { AppError, badRequest, notFound } from "@/server/errors";
import { assertBusinessAccess } from "@/server/access/authorization";
import { chargeCreditCtes, INSUFFICIENT_CREDITS_MESSAGE } from "@/server/credits/charge-credit-sql";
import { fromRow, VERIFICATION_COLUMNS, type VerificationRow } from "./verification-row";

export const listVerificationsInput = z.object({
  businessId: z.uuid(),
  mode: z.enum(["test", "live"]),
  ...pageInput,
  /** Cursors (a verification id): the page just older, or just newer, than that item. */
  startingAfter: z.uuid().optional(),
  endingBefore: z.uuid().optional(),
  result: z.enum(["verified", "not_found", "expired", "revoked"]).optional(),
  channel: channelSchema.optional(),
  from: z.date().optional(),
  to: z.date().optional(),
  /** The portal's searches: a reference or any part of one, or the national IDs ending in these four digits. */
  reference: z.string().optional(),
  last4: z.string().optional(),
  /** The portal shows each item's last four digits; the API's list items do not carry them. */
  withLast4: z.boolean().default(false),
  /** API calls in live mode pay one credit; the portal's own views do not. */
  chargeCredit: z.boolean().default(false),
});

export type ListVerificationsInput = z.input<typeof listVerificationsInput>;
export type VerificationPage = {
  data: (Verification & { nationalIdLast4?: string | null })[];
  /** `page` only for page-number requests; a cursor page has no number. */
  pagination: { page?: number; limit: number; total: number; hasMore: boolean };
};

type PageRow = VerificationRow & { total: number; charged: boolean; national_id_last4?: string | null };
type Input = z.output<typeof listVerificationsInput>;
/** Where the page starts: a page number, or a cursor's `seq` and the direction from it. */
type Position = { page: number } | { seq: string; direction: "older" | "newer" };

export async function listVerifications(ctx: ServiceContext, raw: ListVerificationsInput): Promise<VerificationPage> {
  const input = listVerificationsInput.parse(raw);
  assertBusinessAccess(ctx, input.businessId, "read");
  const position = await resolvePosition(input);
  const rows = await pageRows(ctx, input, position);
  if (rows.length === 0) throw notFound("Business not found");
  if (input.chargeCredit && input.mode === "live" && !rows[0]!.charged) {
    throw new AppError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
  }
  const items = rows.filter((r) => r.id !== null);
  const hasMore = items.length > input.limit;
  const page = items.slice(0, input.limit);
  // A "newer" page was read oldest first so that LIMIT keeps the items nearest the cursor.
  if ("direction" in position && position.direction === "newer") page.reverse();
  return {
    data: page.map((r) => (input.withLast4 ? { ...fromRow(r), nationalIdLast4: r.national_id_last4 ?? null } : fromRow(r))),
    pagination: { ...("page" in position ? { page: position.page } : {}), limit: input.limit, total: rows[0]!.total, hasMore },
  };
}

/**
 * A cursor must be a verification of this business and mode: anything else is a 400 naming the
 * parameter (checked before the page's statement, which may charge a credit).
 */
async function resolvePosition(input: Input): Promise<Position> {
  const cursor = input.startingAfter ?? input.endingBefore;
  if (!cursor) return { page: input.page };
  const field = input.startingAfter ? "startingAfter" : "endingBefore";
  const { rows } = await pool().query<{ seq: string }>(
    `SELECT seq FROM verification WHERE id = $1 AND business_id = $2 AND mode = $3::"Mode"`,
    [cursor, input.businessId, input.mode],
  );
  if (!rows[0]) throw badRequest("The query parameters are invalid", [{ field, message: `${field} must be the id of one of your verifications in this mode` }]);
  return { seq: rows[0].seq, direction: input.startingAfter ? "older" : "newer" };
}

const countColumn = (mode: Mode) => (mode === "live" ? "live_verification_count" : "test_verification_count");

/** `head` yields one row (total, charged) or none when the business does not exist. */
function head(ctx: ServiceContext, q: Sql, input: Input): string {
  const biz = q.p(input.businessId, "uuid");
  if (input.chargeCredit && input.mode === "live") {
    return `WITH ${chargeCreditCtes(q, { businessId: input.businessId, requestId: ctx.requestId, note: "List verifications", at: new Date() })},
  head AS (SELECT live_verification_count AS total, charge.took = 1 AS charged FROM business CROSS JOIN charge WHERE id = ${biz})`;
  }
  return `WITH head AS (SELECT ${countColumn(input.mode)} AS total, false AS charged FROM business WHERE id = ${biz})`;
}

/**
 * One statement: the head (credit, total) and the page, one item more than asked so that
 * `hasMore` is known. Unfiltered page numbers seek on `seq` (the business row holds the count);
 * filtered ones count and offset over the matching rows; cursors seek from the cursor's `seq`.
 */
async function pageRows(ctx: ServiceContext, input: Input, position: Position): Promise<PageRow[]> {
  const q = new Sql();
  const filtered = Boolean(input.result || input.channel || input.from || input.to || input.reference || input.last4);
  const filters = [
    `business_id = ${q.p(input.businessId, "uuid")}`,
    `mode = ${q.p(input.mode, '"Mode"')}`,
    input.result && `result = ${q.p(input.result, '"VerificationResult"')}`,
    input.channel && `channel = ${q.p(input.channel, '"Channel"')}`,
    input.from && `created_at >= ${q.p(input.from, "timestamptz")}`,
    input.to && `created_at < ${q.p(input.to, "timestamptz")}`,
    input.reference && `strpos(reference, ${q.p(input.reference, "text")}) > 0`,
    input.last4 && `national_id_last4 = ${q.p(input.last4, "text")}`,
  ].filter(Boolean);
  // An unpaid page reads no rows (the head still answers, so the caller can tell 402 from 404).
  const page = [...filters, `NOT (head.charged IS FALSE AND ${q.p(input.chargeCredit && input.mode === "live", "boolean")})`];
  let order = "DESC";
  let offset = "";
  if ("seq" in position) {
    page.push(position.direction === "older" ? `seq < ${q.p(position.seq, "bigint")}` : `seq > ${q.p(position.seq, "bigint")}`);
    if (position.direction === "newer") order = "ASC";
  } else if (filtered) {
    offset = `OFFSET ${q.p((position.page - 1) * input.limit, "bigint")}`;
  } else {
    page.push(`seq <= head.total - ${q.p((position.page - 1) * input.limit, "bigint")}`);
  }
  const h = head(ctx, q, input);
  const matching = filtered ? `, matching AS (SELECT count(*)::int AS total FROM verification WHERE ${filters.join(" AND ")})` : "";
  const sql = `${h}${matching}
SELECT ${filtered ? "matching.total" : "head.total"}, head.charged, v.* FROM head ${filtered ? "CROSS JOIN matching" : ""}
LEFT JOIN LATERAL (
  SELECT ${VERIFICATION_COLUMNS}${input.withLast4 ? ", national_id_last4" : ""} FROM verification WHERE ${page.join(" AND ")}
   ORDER BY seq ${order} ${offset} LIMIT ${q.p(input.limit + 1, "int")}
) v ON true`;
  return (await pool().query<PageRow>(sql, q.values)).rows;
}
