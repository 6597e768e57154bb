/**
 * One verification of the calling business in the calling mode. Another business's or mode's id
 * is indistinguishable from a missing one (404, never 403). In live API calls a found
 * verification costs one credit; a 404 costs nothing.
 */
import { z } from "zod";
import type { Verification } from "@/contracts/verifications";
import type { ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { AppError, notFound } from "@/server/errors";
import { assertBusinessAccess } from "@/server/access/authorization";
import { chargeCreditCtes, INSUFFICIENT_CREDITS_MESSAGE } from "@/server/credits/charge-credit-sql";
import { fromRow, VERIFICATION_COLUMNS, type VerificationRow } from "./verification-row";

export const getVerificationInput = z.object({
  businessId: z.uuid(),
  mode: z.enum(["test", "live"]),
  id: z.uuid(),
  chargeCredit: z.boolean().default(false),
});

export async function getVerification(ctx: ServiceContext, raw: z.input<typeof getVerificationInput>): Promise<Verification> {
  const input = getVerificationInput.parse(raw);
  assertBusinessAccess(ctx, input.businessId, "read");
  const q = new Sql();
  const found = `SELECT ${VERIFICATION_COLUMNS} FROM verification
     WHERE id = ${q.p(input.id, "uuid")} AND business_id = ${q.p(input.businessId, "uuid")} AND mode = ${q.p(input.mode, '"Mode"')}`;
  const paid = input.chargeCredit && input.mode === "live";
  const sql = paid
    ? `WITH found AS (${found}),
  ${chargeCreditCtes(q, { businessId: input.businessId, requestId: ctx.requestId, note: "Retrieve verification", at: new Date(), onlyIf: "EXISTS (SELECT 1 FROM found)" })}
SELECT found.*, (SELECT took FROM charge) = 1 AS charged FROM found`
    : `${found}`;
  const { rows } = await pool().query<VerificationRow & { charged?: boolean }>(sql, q.values);
  const row = rows[0];
  if (!row) throw notFound("Verification not found");
  if (paid && !row.charged) throw new AppError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
  return fromRow(row);
}
