/** The platform admin console. Every procedure is an adminProcedure; services check again. */
import { adminProcedure, router, submitted } from "../init";
import { verifyAuditChain } from "@/server/audit/verify-audit-chain";
import { getPlatformDashboard } from "@/server/admin/get-platform-dashboard";
import { listAuditEntries, listAuditEntriesInput } from "@/server/audit/list-audit-entries";
import { changePlan, changePlanInput } from "@/server/businesses/change-plan";
import { getBusinessOverview, getBusinessOverviewInput } from "@/server/businesses/get-business-overview";
import { searchBusinesses, searchBusinessesInput } from "@/server/businesses/search-businesses";
import { setBusinessStatus, setBusinessStatusInput } from "@/server/businesses/set-business-status";
import { setRateLimit, setRateLimitInput } from "@/server/businesses/set-rate-limit";
import { grantCredits, grantCreditsInput } from "@/server/credits/grant-credits";
import { decideLiveAccess, decideLiveAccessInput } from "@/server/live-access/decide-live-access";
import { listPendingApplications, listPendingApplicationsInput } from "@/server/live-access/list-pending-applications";
import { countCitizenRecords, importCitizens, importCitizensInput } from "@/server/registry/import-citizens";

export const adminRouter = router({
  dashboard: adminProcedure.query(({ ctx }) => getPlatformDashboard(ctx.service)),
  businesses: router({
    search: adminProcedure.input(searchBusinessesInput).query(({ ctx, input }) => searchBusinesses(ctx.service, input)),
    get: adminProcedure.input(getBusinessOverviewInput).query(({ ctx, input }) => getBusinessOverview(ctx.service, input)),
    setStatus: adminProcedure.input(setBusinessStatusInput).mutation(({ ctx, input }) => setBusinessStatus(ctx.service, input)),
    changePlan: adminProcedure.input(changePlanInput).mutation(({ ctx, input }) => changePlan(ctx.service, input)),
    grantCredits: adminProcedure.input(submitted(grantCreditsInput)).mutation(({ ctx, input }) => grantCredits(ctx.service, input)),
    setRateLimit: adminProcedure.input(setRateLimitInput).mutation(({ ctx, input }) => setRateLimit(ctx.service, input)),
  }),

  liveAccess: router({
    pending: adminProcedure
      .input(listPendingApplicationsInput)
      .query(({ ctx, input }) => listPendingApplications(ctx.service, input)),
    decide: adminProcedure.input(submitted(decideLiveAccessInput)).mutation(({ ctx, input }) => decideLiveAccess(ctx.service, input)),
  }),

  registry: router({
    count: adminProcedure.query(() => countCitizenRecords()),
    /** What an import of the file would do, writing nothing (a mutation: the file is large). */
    previewCsv: adminProcedure
      .input(importCitizensInput.pick({ csv: true }))
      .mutation(({ ctx, input }) => importCitizens(ctx.service, { csv: input.csv, dryRun: true })),
    importCsv: adminProcedure.input(submitted(importCitizensInput)).mutation(({ ctx, input }) => importCitizens(ctx.service, input)),
  }),

  audit: router({
    list: adminProcedure.input(listAuditEntriesInput).query(({ ctx, input }) => listAuditEntries(ctx.service, input)),
    verifyChain: adminProcedure.query(() => verifyAuditChain()),
  }),
});
