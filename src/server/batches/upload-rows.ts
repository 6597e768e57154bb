/** A batch file's rows, whatever its format: each validated as verify validates it, counted against the row limit. */
import { BATCH_MAX_ROWS } from "@/contracts/batches";
import { CONSENT_REQUIRED_MESSAGE, verifyCitizenRequestSchema } from "@/contracts/verifications";
import { badRequest } from "@/server/errors";
import { fieldErrors } from "@/server/http/field-errors";
import type { ConsentPolicy } from "@/server/verifications/consent-policy";
import type { BatchInputRow } from "./chunk-input";

export type RowCounter = { rowCount: number };

/** A file that cannot be read: a 400 naming the line, and nothing is created. */
export const malformed = (line: number | null, message: string) =>
  badRequest("The batch file is malformed; nothing was created", [{ field: line === null ? "file" : `line ${line}`, message }]);

export function countRow(counter: RowCounter, line: number): void {
  counter.rowCount++;
  if (counter.rowCount > BATCH_MAX_ROWS) throw malformed(line, `The file has more than ${BATCH_MAX_ROWS.toLocaleString("en")} rows`);
}

/** A verify body, validated as verify validates it; a failure is the row's `invalid` reason. */
export function toRow(body: unknown, policy: ConsentPolicy): BatchInputRow {
  const parsed = verifyCitizenRequestSchema.safeParse(body);
  if (!parsed.success) {
    const errors = fieldErrors(parsed.error);
    return { error: errors.map((e) => e.message).join("; ") };
  }
  const v = parsed.data;
  if (policy.mode === "live" && policy.requireLiveConsent && !v.consent) return { error: CONSENT_REQUIRED_MESSAGE };
  return { nationalId: v.nationalId, purpose: v.purpose || null, match: v.match ?? null, consent: v.consent ?? null };
}
