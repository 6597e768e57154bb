import { z } from "zod";
import { consentRecordSchema, matchResultSchema } from "@/contracts/verifications";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { notFound } from "@/server/errors";
import { maskNationalId } from "./masked-national-id";

export const getVerificationCertificateInput = z.object({ businessId: z.uuid(), mode: z.enum(["test", "live"]), id: z.uuid() });

/** Everything the printable certificate shows. Another business's or mode's id is "not found". */
export async function getVerificationCertificate(ctx: ServiceContext, input: z.input<typeof getVerificationCertificateInput>) {
  const { businessId, mode, id } = getVerificationCertificateInput.parse(input);
  assertBusinessAccess(ctx, businessId, "read");
  const v = await db().verification.findFirst({
    where: { id, businessId, mode },
    select: {
      id: true,
      reference: true,
      result: true,
      purpose: true,
      channel: true,
      match: true,
      consent: true,
      redactedAt: true,
      mode: true,
      nationalIdLast4: true,
      createdAt: true,
      business: { select: { name: true } },
    },
  });
  if (!v) throw notFound("Verification not found");
  const { nationalIdLast4, business, match, consent, ...rest } = v;
  return {
    ...rest,
    match: matchResultSchema.nullable().parse(match),
    consent: consentRecordSchema.nullable().parse(consent),
    businessName: business.name,
    maskedNationalId: maskNationalId(nationalIdLast4),
  };
}
