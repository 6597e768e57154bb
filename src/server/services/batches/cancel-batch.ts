/**
 * Cancel a batch (product rules §18): rows not yet processed end as `cancelled` and cost nothing;
 * a chunk already being processed finishes first. Idempotent: cancelling an ended batch answers
 * it as it is.
 */
import type { Batch } from "@/contracts/batches";
import type { Mode } from "@/generated/prisma/enums";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/authorization";
import { transaction } from "@/server/db/transaction";
import { closeBatch } from "./close-batch";
import { getBatch } from "./get-batch";
import { toBatch } from "./batch-row";

export async function cancelBatch(ctx: ServiceContext, input: { businessId: string; mode: Mode; id: string }): Promise<{ batch: Batch; cancelled: boolean }> {
  assertBusinessAccess(ctx, input.businessId, "developer");
  const current = await getBatch(ctx, input);
  const closed = await transaction((client) => closeBatch(client, current.id, "cancelled"));
  return closed ? { batch: toBatch(closed), cancelled: true } : { batch: await getBatch(ctx, input), cancelled: false };
}
