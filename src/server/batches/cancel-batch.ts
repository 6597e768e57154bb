/**
 * Cancel a batch (product rules §18): rows not yet processed end as `cancelled` and cost nothing
 * (close-batch.ts refunds what their chunks had reserved); a chunk whose results are being written
 * finishes first. Idempotent: cancelling an ended batch answers
 * it as it is. A portal form's repeat (same submission token) answers what the first cancel did.
 */
import type { Batch } from "@/contracts/batches";
import type { Mode } from "@/generated/prisma/enums";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { transactOnceSql } from "@/server/submissions";
import { closeBatch } from "./close-batch";
import { getBatch } from "./get-batch";
import { toBatch } from "./batch-row";

export async function cancelBatch(ctx: ServiceContext, input: { businessId: string; mode: Mode; id: string }): Promise<{ batch: Batch; cancelled: boolean }> {
  assertBusinessAccess(ctx, input.businessId, "verify");
  const current = await getBatch(ctx, input);
  return transactOnceSql(ctx, "batch.cancel", async (client) => {
    const closed = await closeBatch(client, current.id, "cancelled");
    return closed ? { batch: toBatch(closed), cancelled: true } : { batch: await getBatch(ctx, input), cancelled: false };
  });
}
