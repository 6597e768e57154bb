import { READ_ONLY_BATCH_MESSAGE } from "@/contracts/api-key-scopes";
import { cancelBatchOperation } from "@/server/api/batch-operations";
import { AppError } from "@/server/errors";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { cancelBatch } from "@/server/batches/cancel-batch";

export const POST = apiRoute(cancelBatchOperation, async ({ ctx, params }) => {
  if (ctx.actor.scope === "read_only") throw new AppError("FORBIDDEN", READ_ONLY_BATCH_MESSAGE);
  const { batch, cancelled } = await cancelBatch(ctx, { businessId: ctx.actor.businessId, mode: ctx.actor.mode, id: params.id! });
  return { body: { message: cancelled ? "Batch cancelled" : `Batch already ${batch.status}`, data: batch } };
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const HEAD = GET;
export const OPTIONS = GET;
