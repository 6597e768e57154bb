/** The business side of live access: see the status, and (owners) apply. */
import { memberProcedure, router, submitted } from "../init";
import { liveAccessApplicationSchema } from "@/contracts/live-access";
import { applyForLiveAccess } from "@/server/live-access/apply-for-live-access";
import { getLiveAccessStatus } from "@/server/live-access/get-live-access-status";

export const liveAccessRouter = router({
  status: memberProcedure("read").query(({ ctx }) => getLiveAccessStatus(ctx.service, { businessId: ctx.businessId })),

  // Not `apply`: tRPC reserves that name on routers.
  submitApplication: memberProcedure("manageLiveAccess")
    .input(submitted(liveAccessApplicationSchema))
    .mutation(({ ctx, input }) => applyForLiveAccess(ctx.service, { ...input, businessId: ctx.businessId })),
});
