/**
 * Redacting one verification at once, on the business's request (product rules §19): by an API
 * key that may verify, or by an owner in the portal. Idempotent: redacting it again answers the
 * same redacted verification and records nothing. One statement redacts every copy
 * (redaction-sql.ts), appends the audit entry and raises `verification_redacted`, after one that
 * takes the verification's row and holds off request-log writes (redaction-lock.ts): a statement sees
 * what committed before it began, so what a pending lookup's completion or a log flush committed
 * while the row was awaited (an event, a log entry) is then redacted too.
 */
import { z } from "zod";
import type { Verification } from "@/contracts/verifications";
import { READ_ONLY_REDACT_MESSAGE } from "@/contracts/api-key-scopes";
import { actorRef, type ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { AppError, notFound } from "@/server/errors";
import { assertBusinessAccess } from "@/server/access/authorization";
import { buildEvent, insertEventsSql } from "@/server/events/outbox";
import { redactionCtes } from "./redaction-sql";
import { transaction } from "@/server/db/transaction";
import { REQUEST_LOG_REDACTION_LOCK_SQL } from "@/server/request-log/redaction-lock";
import { fromRow, VERIFICATION_COLUMNS, type VerificationRow } from "./verification-row";

export const redactVerificationInput = z.object({ businessId: z.uuid(), mode: z.enum(["test", "live"]), id: z.uuid() });

export async function redactVerification(
  ctx: ServiceContext,
  input: z.input<typeof redactVerificationInput>,
): Promise<{ data: Verification; alreadyRedacted: boolean }> {
  const { businessId, mode, id } = redactVerificationInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageBusiness");
  if (ctx.actor.type === "api_key" && ctx.actor.scope === "read_only") throw new AppError("FORBIDDEN", READ_ONLY_REDACT_MESSAGE);

  const at = new Date();
  const q = new Sql();
  const biz = q.p(businessId, "uuid");
  const modeParam = q.p(mode, '"Mode"');
  const vid = q.p(id, "uuid");
  const actor = actorRef(ctx.actor);
  const event = buildEvent("verification_redacted", mode, { id, reference: "", redactedAt: at.toISOString() }, at);
  const sql = `
WITH ${redactionCtes(q, `SELECT id FROM verification WHERE id = ${vid} AND business_id = ${biz} AND mode = ${modeParam} AND redacted_at IS NULL FOR UPDATE`, at)},
  audit AS (
    INSERT INTO audit_log_entry (business_id, mode, actor_type, actor_id, action, target_type, target_id, metadata, request_id)
    SELECT business_id, mode, ${q.p(actor.actorType)}, ${q.p(actor.actorId)}, 'verification.redacted', 'verification', id::text,
           jsonb_build_object('reference', reference, 'reason', 'request'), ${q.p(ctx.requestId)}
      FROM redacted
  ),
  event AS (
    ${insertEventsSql(`SELECT business_id, jsonb_set(${q.p(JSON.stringify(event), "jsonb")}, '{data,reference}', to_jsonb(reference)) FROM redacted`)}
  )
SELECT count(*)::int AS redacted FROM redacted`;
  const { rows } = await transaction(async (client) => {
    await client.query(
      `SELECT ${REQUEST_LOG_REDACTION_LOCK_SQL},
              (SELECT count(*) FROM (SELECT 1 FROM verification WHERE id = $1 AND business_id = $2 AND mode = $3 FOR UPDATE) AS held)`,
      [id, businessId, mode],
    );
    return client.query<{ redacted: number }>(sql, q.values);
  });
  const { rows: found } = await pool().query<VerificationRow>(
    `SELECT ${VERIFICATION_COLUMNS} FROM verification WHERE id = $1 AND business_id = $2 AND mode = $3`,
    [id, businessId, mode],
  );
  if (!found[0]) throw notFound("Verification not found");
  return { data: fromRow(found[0]), alreadyRedacted: rows[0]!.redacted === 0 };
}
