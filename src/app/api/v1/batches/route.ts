import { createBatchOperation, listBatchesOperation } from "@/server/api/batch-operations";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { createBatch } from "@/server/batches/create-batch";
import { listBatches } from "@/server/batches/list-batches";
import { batchContentType } from "@/server/batches/read-upload";

export const POST = apiRoute(createBatchOperation, async ({ ctx, request, claimIdempotency, policy }) => {
  const { body, replayed, headers } = await createBatch(ctx, {
    businessId: ctx.actor.businessId,
    mode: ctx.actor.mode,
    scope: ctx.actor.scope,
    apiKeyId: ctx.actor.apiKeyId,
    contentType: batchContentType(request.headers.get("content-type")),
    body: request.body,
    policy,
    claimIdempotency,
  });
  return { body, replayed, headers };
});

export const GET = apiRoute(listBatchesOperation, async ({ ctx, query }) => {
  const page = await listBatches(ctx, { businessId: ctx.actor.businessId, mode: ctx.actor.mode, ...query });
  return { body: { message: "Batches retrieved", ...page } };
});

export const PUT = methodNotAllowed(["GET", "POST"]);
export const PATCH = PUT;
export const DELETE = PUT;
export const HEAD = PUT;
export const OPTIONS = PUT;
