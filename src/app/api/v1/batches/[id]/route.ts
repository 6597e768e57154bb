import { getBatchOperation } from "@/server/api/batch-operations";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { getBatch } from "@/server/batches/get-batch";

export const GET = apiRoute(getBatchOperation, async ({ ctx, params }) => {
  const data = await getBatch(ctx, { businessId: ctx.actor.businessId, mode: ctx.actor.mode, id: params.id! });
  return { body: { message: "Batch retrieved", data } };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const HEAD = POST;
export const OPTIONS = POST;
