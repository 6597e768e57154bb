import { z } from "zod";
import { memberProcedure, router, submitted } from "../init";
import { batchIdSchema } from "@/contracts/batches";
import { listBatches } from "@/server/batches/list-batches";
import { getBatch } from "@/server/batches/get-batch";
import { cancelBatch } from "@/server/batches/cancel-batch";

// Developers and owners, as for verify: uploads go through the /batches/upload route (a file, not JSON).
export const batchesRouter = router({
  list: memberProcedure("developer")
    .input(z.object({ page: z.number().int().min(1).default(1), limit: z.number().int().min(1).max(100).default(20) }))
    .query(({ ctx, input }) => listBatches(ctx.service, { ...input, businessId: ctx.businessId, mode: ctx.mode })),
  get: memberProcedure("developer")
    .input(z.object({ id: batchIdSchema }))
    .query(({ ctx, input }) => getBatch(ctx.service, { id: input.id, businessId: ctx.businessId, mode: ctx.mode })),
  cancel: memberProcedure("developer")
    .input(submitted(z.object({ id: batchIdSchema })))
    .mutation(({ ctx, input }) => cancelBatch(ctx.service, { id: input.id, businessId: ctx.businessId, mode: ctx.mode })),
});
