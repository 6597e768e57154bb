/**
 * The event feed: the business's events in one mode, in the order a follower can trust. Events are
 * ordered by the id of the transaction that wrote them, and only those written by transactions older
 * than every transaction still running are returned (PostgreSQL's snapshot xmin). A transaction that
 * commits late therefore always lands after the cursor of anyone who has read past its neighbours:
 * following the cursor loses nothing and repeats nothing, whatever the commit order.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { z } from "zod";
import type { WebhookEvent } from "@/contracts/events";
import { FEED_CURSOR, FEED_MAX_WAIT_SECONDS } from "@/contracts/events-api";
import type { ServiceContext } from "@/server/context";
import { pool } from "@/server/db/client";
import { pageLimit } from "@/server/db/pagination";
import { assertBusinessAccess } from "@/server/access/authorization";
import { badRequest } from "@/server/errors";
import { RETAINED } from "./list-events";

export const followEventsInput = z.object({
  businessId: z.uuid(),
  mode: z.enum(["test", "live"]),
  /** A cursor, or an event id: the position just after that event. */
  after: z.union([z.string().regex(FEED_CURSOR), z.uuid()]).optional(),
  limit: pageLimit(100),
  wait: z.number().int().min(0).max(FEED_MAX_WAIT_SECONDS).default(0),
});

export type EventFeedPage = { data: WebhookEvent[]; cursor: string; hasMore: boolean };

/** How often a waiting request looks again. */
const WAIT_POLL_MS = 500;
const NO_EVENT = "00000000-0000-0000-0000-000000000000";

const FEED_SQL = `
SELECT payload, xact_id::text AS xact_id
  FROM outbox_event
 WHERE business_id = $1 AND mode = $2::"Mode" AND ${RETAINED}
   AND (xact_id, id) > ($3::xid8, $4::uuid)
   AND xact_id < pg_snapshot_xmin(pg_current_snapshot())
 ORDER BY xact_id, id
 LIMIT $5`;

const HORIZON_SQL = "SELECT pg_snapshot_xmin(pg_current_snapshot())::text AS horizon";
const EVENT_POSITION_SQL = `SELECT xact_id::text AS xact_id FROM outbox_event WHERE id = $1 AND business_id = $2 AND mode = $3::"Mode" AND xact_id IS NOT NULL AND ${RETAINED}`;

/** The cursor to read after: the one given, the position of the event named, or (none) now. */
async function startingPoint(input: z.output<typeof followEventsInput>): Promise<string> {
  if (!input.after) {
    // From now: every event a transaction older than the running ones wrote is behind us.
    return `${(await pool().query<{ horizon: string }>(HORIZON_SQL)).rows[0]!.horizon}.${NO_EVENT}`;
  }
  if (FEED_CURSOR.test(input.after)) return input.after;
  const { rows } = await pool().query<{ xact_id: string }>(EVENT_POSITION_SQL, [input.after, input.businessId, input.mode]);
  if (!rows[0]) {
    throw badRequest("The query parameters are invalid", [
      { field: "after", message: "after must be a cursor of this feed or the id of one of your events in this mode" },
    ]);
  }
  return `${rows[0].xact_id}.${input.after}`;
}

export async function followEvents(ctx: ServiceContext, raw: z.input<typeof followEventsInput>, signal?: AbortSignal): Promise<EventFeedPage> {
  const input = followEventsInput.parse(raw);
  assertBusinessAccess(ctx, input.businessId, "read");
  const after = await startingPoint(input);
  const [, xact, id] = FEED_CURSOR.exec(after)!;
  const deadline = Date.now() + input.wait * 1000;
  for (;;) {
    const { rows } = await pool().query<{ payload: WebhookEvent; xact_id: string }>(FEED_SQL, [
      input.businessId,
      input.mode,
      xact,
      id,
      input.limit + 1,
    ]);
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    if (last || Date.now() >= deadline || signal?.aborted) {
      return { data: page.map((r) => r.payload), cursor: last ? `${last.xact_id}.${last.payload.id}` : after, hasMore: rows.length > input.limit };
    }
    await sleep(Math.min(WAIT_POLL_MS, Math.max(0, deadline - Date.now())));
  }
}
