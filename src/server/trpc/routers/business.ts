import { memberProcedure, router } from "../init";
import { getBusinessSummary } from "@/server/businesses/get-business-summary";
import { getGettingStarted } from "@/server/overview/get-getting-started";
import { getUsageByDay } from "@/server/overview/get-usage-by-day";
import {
  updateDataProtectionSettings,
  updateDataProtectionSettingsInput,
} from "@/server/data-protection/update-data-protection-settings";

export const businessRouter = router({
  summary: memberProcedure("read").query(({ ctx }) => getBusinessSummary(ctx.service, { businessId: ctx.businessId })),
  gettingStarted: memberProcedure("read").query(({ ctx }) => getGettingStarted(ctx.service, { businessId: ctx.businessId })),
  usageByDay: memberProcedure("read").query(({ ctx }) => getUsageByDay(ctx.service, { businessId: ctx.businessId, mode: ctx.mode })),
  updateDataProtection: memberProcedure("manageDataProtection")
    .input(updateDataProtectionSettingsInput.omit({ businessId: true }))
    .mutation(({ ctx, input }) => updateDataProtectionSettings(ctx.service, { ...input, businessId: ctx.businessId })),
});
