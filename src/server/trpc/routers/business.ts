import { memberProcedure, router } from "../init";
import { getBusinessSummary } from "@/server/services/businesses/get-business-summary";
import { getUsageByDay } from "@/server/services/overview/get-usage-by-day";

export const businessRouter = router({
  summary: memberProcedure("viewer").query(({ ctx }) => getBusinessSummary(ctx.service, { businessId: ctx.businessId })),
  usageByDay: memberProcedure("viewer").query(({ ctx }) => getUsageByDay(ctx.service, { businessId: ctx.businessId, mode: ctx.mode })),
});
