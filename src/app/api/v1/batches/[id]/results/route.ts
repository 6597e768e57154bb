import { getBatchResultsOperation } from "@/server/api/batch-operations";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { resultsFormat, streamBatchResults } from "@/server/batches/stream-results";

export const GET = apiRoute(getBatchResultsOperation, async ({ ctx, params, request }) => {
  const format = resultsFormat(request.headers.get("accept"));
  const stream = await streamBatchResults(ctx, { businessId: ctx.actor.businessId, mode: ctx.actor.mode, id: params.id!, format });
  return { stream, contentType: format === "csv" ? "text/csv; charset=utf-8" : "application/x-ndjson; charset=utf-8" };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const HEAD = POST;
export const OPTIONS = POST;
