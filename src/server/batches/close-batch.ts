/**
 * Ends a batch before its last chunk: cancelled on request, or failed when a chunk keeps failing.
 * The rows not yet processed get the result `cancelled` (no verification, no charge), their input
 * is deleted, the credits their admission reserved (a chunk waiting for a retry, or looked up by
 * a worker right now, whose write will then find its lease gone) are refunded, and
 * `batch_completed` is raised, all in one transaction. The waiting chunks are
 * locked first (waiting for a worker that holds one to commit), and the batch row after, the
 * order workers take them in, so a close never deadlocks with a chunk in progress.
 * Returns null when the batch had already ended.
 */
import type pg from "pg";
import { BATCH_COLUMNS, type BatchRow } from "./batch-row";
import { raiseBatchFinished } from "./batch-finished";
import { Sql } from "@/server/db/sql";
import { refundCreditCtes } from "@/server/credits/refund-credit-sql";

export async function closeBatch(client: pg.PoolClient, batchId: string, status: "cancelled" | "failed"): Promise<BatchRow | null> {
  await client.query("SELECT 1 FROM batch_chunk WHERE batch_id = $1 AND done_at IS NULL ORDER BY chunk_no FOR UPDATE", [batchId]);
  const { rows } = await client.query<BatchRow & { business_id: string; request_id: string }>(
    `UPDATE batch SET status = $2, completed_at = now() WHERE id = $1 AND status IN ('queued', 'processing')
     RETURNING business_id, request_id, ${BATCH_COLUMNS}`,
    [batchId, status],
  );
  const batch = rows[0];
  if (!batch) return null;
  const q = new Sql();
  const id = q.p(batchId, "uuid");
  const refund =
    batch.mode === "live"
      ? `,${refundCreditCtes(q, {
          businessId: batch.business_id,
          amount: "(SELECT coalesce(sum(admitted_rows), 0)::int FROM undone)",
          requestId: batch.request_id,
          note: `Batch ${batchId} ended: reservation refunded`,
          at: batch.completed_at!,
        })}`
      : "";
  await client.query(
    `WITH undone AS (
       UPDATE batch_chunk SET done_at = now(), input = NULL, answers = NULL, lease_id = NULL, leased_until = NULL
        WHERE batch_id = ${id} AND done_at IS NULL RETURNING first_row, row_count, admitted_rows
     )${refund}
     INSERT INTO batch_result (batch_id, row_no, result)
     SELECT ${id}, g, 'cancelled' FROM undone, generate_series(undone.first_row, undone.first_row + undone.row_count - 1) AS g`,
    q.values,
  );
  await raiseBatchFinished(client, batch.business_id, batch, batch.completed_at!);
  return batch;
}
