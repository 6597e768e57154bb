import { z } from "zod";
import { memberProcedure, router, submitted } from "../init";
import { verifyCitizenRequestSchema, verificationIdSchema } from "@/contracts/verifications";
import { verifyFromPortal } from "@/server/verifications/verify-from-portal";
import { listVerifications } from "@/server/verifications/list-verifications";
import { redactVerification } from "@/server/verifications/redact-verification";
import { getVerificationCertificate } from "@/server/verifications/get-verification-certificate";
import { historyFiltersSchema } from "@/contracts/history-filters";
import { pageInput } from "@/server/db/pagination";

const historyPageSchema = z.object({
  filters: historyFiltersSchema,
  ...pageInput,
});

export const verificationsRouter = router({
  /** The portal's verify form: the API's verification, charged the same in live mode. */
  verify: memberProcedure("verify")
    .input(submitted(verifyCitizenRequestSchema))
    .mutation(({ ctx, input: { nationalId, purpose, match, consent, lawfulBasis } }) =>
      verifyFromPortal(ctx.service, { nationalId, purpose, match, consent, lawfulBasis, businessId: ctx.businessId, mode: ctx.mode }),
    ),
  /** History: browsing in the portal is free (chargeCredit: false). */
  list: memberProcedure("read")
    .input(historyPageSchema)
    .query(({ ctx, input }) =>
      listVerifications(ctx.service, { ...input.filters, page: input.page, limit: input.limit, businessId: ctx.businessId, mode: ctx.mode, chargeCredit: false, withLast4: true }),
    ),
  certificate: memberProcedure("read")
    .input(z.object({ id: verificationIdSchema }))
    .query(({ ctx, input }) => getVerificationCertificate(ctx.service, { id: input.id, businessId: ctx.businessId, mode: ctx.mode })),
  /** An owner's "Redact" on the certificate: the API's redaction, audited and announced the same. */
  redact: memberProcedure("manageBusiness")
    .input(z.object({ id: verificationIdSchema }))
    .mutation(({ ctx, input }) => redactVerification(ctx.service, { id: input.id, businessId: ctx.businessId, mode: ctx.mode })),
});
