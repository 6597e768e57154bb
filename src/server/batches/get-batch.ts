/** One batch of the business in the given mode; another business's or mode's is 404. */
import type { Batch } from "@/contracts/batches";
import type { Mode } from "@/generated/prisma/enums";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { pool } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { BATCH_COLUMNS, toBatch, type BatchRow } from "./batch-row";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function getBatch(ctx: ServiceContext, input: { businessId: string; mode: Mode; id: string }): Promise<Batch> {
  assertBusinessAccess(ctx, input.businessId, "read");
  // A malformed id cannot name any batch: the same 404 as an unknown one.
  if (!UUID.test(input.id)) throw notFound("Batch not found");
  const { rows } = await pool().query<BatchRow>(`SELECT ${BATCH_COLUMNS} FROM batch WHERE id = $1 AND business_id = $2 AND mode = $3`, [
    input.id,
    input.businessId,
    input.mode,
  ]);
  if (!rows[0]) throw notFound("Batch not found");
  return toBatch(rows[0]);
}
