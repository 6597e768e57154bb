/** The platform admin console. Every procedure is an adminProcedure; services check again. */
import { z } from "zod";
import { adminProcedure, router } from "../init";
import { verifyAuditChain } from "@/server/services/audit/verify-audit-chain";
import { listAuditEntries, listAuditEntriesInput } from "@/server/services/audit/list-audit-entries";
import { changePlan, changePlanInput } from "@/server/services/businesses/change-plan";
import { getBusinessOverview, getBusinessOverviewInput } from "@/server/services/businesses/get-business-overview";
import { searchBusinesses, searchBusinessesInput } from "@/server/services/businesses/search-businesses";
import { setBusinessStatus, setBusinessStatusInput } from "@/server/services/businesses/set-business-status";
import { setRateLimit, setRateLimitInput } from "@/server/services/businesses/set-rate-limit";
import { grantCredits, grantCreditsInput } from "@/server/services/credits/grant-credits";
import { decideLiveAccess, decideLiveAccessInput } from "@/server/services/live-access/decide-live-access";
import { listPendingApplications, listPendingApplicationsInput } from "@/server/services/live-access/list-pending-applications";
import { countCitizenRecords } from "@/server/services/registry/count-citizen-records";
import { importCitizens } from "@/server/services/registry/import-citizens";

/** Registry uploads arrive as the file's text; 20 MB of CSV is roughly 200,000 records. */
const MAX_CSV_CHARS = 20_000_000;

export const adminRouter = router({
  businesses: router({
    search: adminProcedure.input(searchBusinessesInput).query(({ ctx, input }) => searchBusinesses(ctx.service, input)),
    get: adminProcedure.input(getBusinessOverviewInput).query(({ ctx, input }) => getBusinessOverview(ctx.service, input)),
    setStatus: adminProcedure.input(setBusinessStatusInput).mutation(({ ctx, input }) => setBusinessStatus(ctx.service, input)),
    changePlan: adminProcedure.input(changePlanInput).mutation(({ ctx, input }) => changePlan(ctx.service, input)),
    grantCredits: adminProcedure.input(grantCreditsInput).mutation(({ ctx, input }) => grantCredits(ctx.service, input)),
    setRateLimit: adminProcedure.input(setRateLimitInput).mutation(({ ctx, input }) => setRateLimit(ctx.service, input)),
  }),

  liveAccess: router({
    pending: adminProcedure
      .input(listPendingApplicationsInput)
      .query(({ ctx, input }) => listPendingApplications(ctx.service, input)),
    decide: adminProcedure.input(decideLiveAccessInput).mutation(({ ctx, input }) => decideLiveAccess(ctx.service, input)),
  }),

  registry: router({
    count: adminProcedure.query(({ ctx }) => countCitizenRecords(ctx.service)),
    importCsv: adminProcedure
      .input(z.object({ csv: z.string().min(1, "The file is empty").max(MAX_CSV_CHARS, "The file is too large (at most 20 MB)") }))
      .mutation(({ ctx, input }) => importCitizens(ctx.service, input)),
  }),

  audit: router({
    list: adminProcedure.input(listAuditEntriesInput).query(({ ctx, input }) => listAuditEntries(ctx.service, input)),
    verifyChain: adminProcedure.query(() => verifyAuditChain()),
  }),
});
