import { memberProcedure, router } from "../init";
import { listRequestLog, listRequestLogInput } from "@/server/request-log/list-request-log";

// Developers and owners: the log shows key hints, which viewers never see.
export const requestLogRouter = router({
  list: memberProcedure("read")
    .input(listRequestLogInput.omit({ businessId: true, mode: true }))
    .query(({ ctx, input }) => listRequestLog(ctx.service, { ...input, businessId: ctx.businessId, mode: ctx.mode })),
});
