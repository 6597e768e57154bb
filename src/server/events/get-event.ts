/** One event of the business in one mode, as delivered; another business's, mode's or an expired one is 404. */
import { z } from "zod";
import type { WebhookEvent } from "@/contracts/events";
import type { ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { notFound } from "@/server/errors";
import { assertBusinessAccess } from "@/server/access/authorization";
import { RETAINED } from "./list-events";

export const getEventInput = z.object({ businessId: z.uuid(), mode: z.enum(["test", "live"]), id: z.uuid() });

export async function getEvent(ctx: ServiceContext, raw: z.input<typeof getEventInput>): Promise<WebhookEvent> {
  const input = getEventInput.parse(raw);
  assertBusinessAccess(ctx, input.businessId, "read");
  const { rows } = await pool().query<{ payload: WebhookEvent }>(
    `SELECT payload FROM outbox_event WHERE id = $1 AND business_id = $2 AND mode = $3::"Mode" AND ${RETAINED}`,
    [input.id, input.businessId, input.mode],
  );
  if (!rows[0]) throw notFound("Event not found");
  return rows[0].payload;
}
