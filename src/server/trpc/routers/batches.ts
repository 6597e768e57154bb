import { z } from "zod";
import { memberProcedure, router, submitted } from "../init";
import { batchIdSchema } from "@/contracts/batches";
import { pageInput } from "@/server/db/pagination";
import { listBatches } from "@/server/batches/list-batches";
import { getBatch } from "@/server/batches/get-batch";
import { cancelBatch } from "@/server/batches/cancel-batch";

// Everyone reads batches; cancelling is a verify action. Uploads go through the /batches/upload route (a file, not JSON).
export const batchesRouter = router({
  list: memberProcedure("read")
    .input(z.object(pageInput))
    .query(({ ctx, input }) => listBatches(ctx.service, { ...input, businessId: ctx.businessId, mode: ctx.mode })),
  get: memberProcedure("read")
    .input(z.object({ id: batchIdSchema }))
    .query(({ ctx, input }) => getBatch(ctx.service, { id: input.id, businessId: ctx.businessId, mode: ctx.mode })),
  cancel: memberProcedure("verify")
    .input(submitted(z.object({ id: batchIdSchema })))
    .mutation(({ ctx, input }) => cancelBatch(ctx.service, { id: input.id, businessId: ctx.businessId, mode: ctx.mode })),
});
