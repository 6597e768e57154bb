/**
 * The business's events in one mode, newest first, from the outbox (which holds each event's
 * payload exactly as delivered). Cursor pages seek on (created_at, id), so events raised while a
 * client pages never shift or repeat what it reads.
 */
import { z } from "zod";
import { EVENT_TYPES, type WebhookEvent } from "@/contracts/events";
import { EVENT_RETENTION_DAYS } from "@/contracts/events-api";
import type { ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { Sql } from "@/server/db/sql";
import { pageLimit } from "@/server/db/pagination";
import { badRequest } from "@/server/errors";
import { assertBusinessAccess } from "@/server/access/authorization";

export const listEventsInput = z.object({
  businessId: z.uuid(),
  mode: z.enum(["test", "live"]),
  limit: pageLimit(),
  type: z.enum(EVENT_TYPES).optional(),
  from: z.date().optional(),
  to: z.date().optional(),
  startingAfter: z.uuid().optional(),
  endingBefore: z.uuid().optional(),
});

export type EventPage = { data: WebhookEvent[]; pagination: { limit: number; hasMore: boolean } };

export const RETAINED = `created_at > now() - interval '${EVENT_RETENTION_DAYS} days'`;

export async function listEvents(ctx: ServiceContext, raw: z.input<typeof listEventsInput>): Promise<EventPage> {
  const input = listEventsInput.parse(raw);
  assertBusinessAccess(ctx, input.businessId, "read");
  const q = new Sql();
  const conditions = [
    `business_id = ${q.p(input.businessId, "uuid")}`,
    `mode = ${q.p(input.mode, '"Mode"')}`,
    RETAINED,
    input.type && `type = ${q.p(input.type, "text")}`,
    input.from && `created_at >= ${q.p(input.from, "timestamptz")}`,
    input.to && `created_at < ${q.p(input.to, "timestamptz")}`,
  ].filter(Boolean);
  const cursorId = input.startingAfter ?? input.endingBefore;
  const newer = Boolean(input.endingBefore);
  let cursor = "";
  if (cursorId) {
    cursor = `cursor AS (SELECT created_at, id FROM outbox_event WHERE id = ${q.p(cursorId, "uuid")} AND ${conditions.slice(0, 2).join(" AND ")}),\n`;
    conditions.push(`(created_at, id) ${newer ? ">" : "<"} (SELECT created_at, id FROM cursor)`);
  }
  const sql = `WITH ${cursor}page AS (
  SELECT payload FROM outbox_event WHERE ${conditions.join(" AND ")}
   ORDER BY created_at ${newer ? "ASC" : "DESC"}, id ${newer ? "ASC" : "DESC"} LIMIT ${q.p(input.limit + 1, "int")}
)
SELECT ${cursorId ? "EXISTS (SELECT 1 FROM cursor)" : "true"} AS cursor_found, (SELECT coalesce(jsonb_agg(payload), '[]') FROM page) AS events`;
  const { rows } = await pool().query<{ cursor_found: boolean; events: WebhookEvent[] }>(sql, q.values);
  const { cursor_found, events } = rows[0]!;
  if (!cursor_found) {
    const field = input.startingAfter ? "startingAfter" : "endingBefore";
    throw badRequest("The query parameters are invalid", [{ field, message: `${field} must be the id of one of your events in this mode` }]);
  }
  const hasMore = events.length > input.limit;
  const page = events.slice(0, input.limit);
  if (newer) page.reverse();
  return { data: page, pagination: { limit: input.limit, hasMore } };
}
