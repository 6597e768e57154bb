import { memberProcedure, router } from "../init";
import { listLedger, listLedgerInput } from "@/server/credits/list-ledger";
import { setLowCreditThreshold, setLowCreditThresholdInput } from "@/server/credits/set-low-credit-threshold";

export const creditsRouter = router({
  ledger: memberProcedure("read")
    .input(listLedgerInput.omit({ businessId: true }))
    .query(({ ctx, input }) => listLedger(ctx.service, { ...input, businessId: ctx.businessId })),
  setLowCreditThreshold: memberProcedure("manageBusiness")
    .input(setLowCreditThresholdInput.omit({ businessId: true }))
    .mutation(({ ctx, input }) => setLowCreditThreshold(ctx.service, { ...input, businessId: ctx.businessId })),
});
