/**
 * One verification of the calling business in the calling mode. Another business's or mode's id
 * is indistinguishable from a missing one (404, never 403). Free (product rules §5): it reads what
 * was already paid for, and a client polls a pending verification with it.
 */
import { z } from "zod";
import type { Verification } from "@/contracts/verifications";
import type { ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { notFound } from "@/server/errors";
import { assertBusinessAccess } from "@/server/access/authorization";
import { fromRow, VERIFICATION_COLUMNS, type VerificationRow } from "./verification-row";

export const getVerificationInput = z.object({
  businessId: z.uuid(),
  mode: z.enum(["test", "live"]),
  id: z.uuid(),
});

export async function getVerification(ctx: ServiceContext, raw: z.input<typeof getVerificationInput>): Promise<Verification> {
  const input = getVerificationInput.parse(raw);
  assertBusinessAccess(ctx, input.businessId, "read");
  const q = new Sql();
  const { rows } = await pool().query<VerificationRow>(
    `SELECT ${VERIFICATION_COLUMNS} FROM verification
      WHERE id = ${q.p(input.id, "uuid")} AND business_id = ${q.p(input.businessId, "uuid")} AND mode = ${q.p(input.mode, '"Mode"')}`,
    q.values,
  );
  const row = rows[0];
  if (!row) throw notFound("Verification not found");
  return fromRow(row);
}
