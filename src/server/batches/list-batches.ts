/** The batches of one business in one mode, newest first: by page number or after a cursor. */
import type { Batch, ListBatchesQuery } from "@/contracts/batches";
import type { Mode } from "@/generated/prisma/enums";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { pool } from "@/server/db/client";
import { badRequest } from "@/server/errors";
import { BATCH_COLUMNS, toBatch, type BatchRow } from "./batch-row";

export type BatchPage = { data: Batch[]; pagination: { page?: number; limit: number; total: number; hasMore: boolean } };

export async function listBatches(ctx: ServiceContext, input: ListBatchesQuery & { businessId: string; mode: Mode }): Promise<BatchPage> {
  assertBusinessAccess(ctx, input.businessId, "read");
  const limit = input.limit ?? 20;
  if (input.page && input.startingAfter) throw badRequest("The query parameters are invalid", [{ field: "page", message: "page cannot be combined with startingAfter" }]);
  const page = input.page ?? 1;
  const params: unknown[] = [input.businessId, input.mode, limit + 1];
  let where = "business_id = $1 AND mode = $2";
  let offset = "";
  if (input.startingAfter) {
    const { rows } = await pool().query<{ created_at: Date }>("SELECT created_at FROM batch WHERE id = $1 AND business_id = $2 AND mode = $3", [
      input.startingAfter,
      input.businessId,
      input.mode,
    ]);
    if (!rows[0]) throw badRequest("The query parameters are invalid", [{ field: "startingAfter", message: "startingAfter must be a batch of this business and mode" }]);
    params.push(rows[0].created_at, input.startingAfter);
    where += " AND (created_at, id) < ($4, $5::uuid)";
  } else {
    offset = ` OFFSET ${(page - 1) * limit}`;
  }
  const [items, total] = await Promise.all([
    pool().query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM batch WHERE ${where} ORDER BY created_at DESC, id DESC LIMIT $3${offset}`, params),
    pool().query<{ n: number }>("SELECT count(*)::int AS n FROM batch WHERE business_id = $1 AND mode = $2", [input.businessId, input.mode]),
  ]);
  const hasMore = items.rows.length > limit;
  return {
    data: items.rows.slice(0, limit).map(toBatch),
    pagination: { ...(input.startingAfter ? {} : { page }), limit, total: total.rows[0]!.n, hasMore },
  };
}
