import { z } from "zod";
import { consentRecordSchema, matchResultSchema } from "@/contracts/verifications";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import { historyFiltersSchema } from "@/contracts/history-filters";
import { historyWhere } from "./history-where";
import { maskNationalId } from "./masked-national-id";
import { csvLine } from "@/server/csv/write-line";

export const exportVerificationsCsvInput = z.object({
  businessId: z.uuid(),
  mode: z.enum(["test", "live"]),
  filters: historyFiltersSchema,
});

const HEADER = [
  "id",
  "reference",
  "result",
  "purpose",
  "channel",
  "nationalId",
  "nameMatch",
  "nameMatchScore",
  "dateOfBirthMatch",
  "consentMethod",
  "consentObtainedAt",
  "consentReference",
  "createdAt",
  "redactedAt",
];
const BATCH = 1000;

/**
 * The filtered history as CSV lines, newest first, read in batches so an export of any size
 * streams in constant memory. Free of charge (it is the portal, not the API).
 */
export async function* exportVerificationsCsv(ctx: ServiceContext, input: z.input<typeof exportVerificationsCsvInput>): AsyncGenerator<string> {
  const { businessId, mode, filters } = exportVerificationsCsvInput.parse(input);
  assertBusinessAccess(ctx, businessId, "read");
  yield csvLine(HEADER);
  let beforeSeq: number | undefined;
  for (;;) {
    const rows = await db().verification.findMany({
      where: { ...historyWhere(businessId, mode, filters), ...(beforeSeq ? { seq: { lt: beforeSeq } } : {}) },
      orderBy: { seq: "desc" },
      take: BATCH,
      select: {
        id: true,
        seq: true,
        reference: true,
        result: true,
        purpose: true,
        channel: true,
        nationalIdLast4: true,
        match: true,
        consent: true,
        createdAt: true,
        redactedAt: true,
      },
    });
    for (const r of rows) {
      const match = matchResultSchema.nullable().parse(r.match);
      const consent = consentRecordSchema.nullable().parse(r.consent);
      yield csvLine([
        r.id,
        r.reference,
        r.result,
        r.purpose ?? "",
        r.channel,
        maskNationalId(r.nationalIdLast4),
        match?.fullName?.result ?? "",
        match?.fullName?.score.toFixed(2) ?? "",
        match?.dateOfBirth?.result ?? "",
        consent?.method ?? "",
        consent?.obtainedAt ?? "",
        consent?.reference ?? "",
        r.createdAt.toISOString(),
        r.redactedAt?.toISOString() ?? "",
      ]);
    }
    if (rows.length < BATCH) return;
    beforeSeq = rows.at(-1)!.seq;
  }
}
