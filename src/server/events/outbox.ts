/**
 * Raising an event = writing it to the outbox inside the caller's transaction, so an event exists
 * exactly when the change it reports was committed. Delivery is the webhook dispatcher's job.
 *
 * `insertEventsSql` is the one INSERT into the outbox: every event, whether built here
 * (`buildEvent`) or in SQL (credit events, a redaction's reference), is a payload whose id, type,
 * mode and time the row's columns are read from, so the two can never disagree.
 */
import { randomUUID } from "node:crypto";
import type { Mode } from "@/generated/prisma/enums";
import type { EventPayload, EventType } from "@/contracts/events";

export function buildEvent<T extends EventType>(
  type: T,
  mode: Mode,
  data: EventPayload<T>["data"],
  at = new Date(),
): EventPayload<T> {
  return { id: randomUUID(), type, mode, createdAt: at.toISOString(), data } as EventPayload<T>;
}

/** `events`: a query yielding (business_id uuid, payload jsonb) rows, each payload an event as `buildEvent` makes it. */
export function insertEventsSql(events: string): string {
  return `INSERT INTO outbox_event (id, business_id, mode, type, payload, created_at)
    SELECT (e.payload->>'id')::uuid, e.business_id, (e.payload->>'mode')::"Mode", e.payload->>'type', e.payload,
           (e.payload->>'createdAt')::timestamptz
      FROM (${events}) AS e(business_id, payload)`;
}

const RAISE_SQL = insertEventsSql("SELECT $1::uuid, $2::jsonb");

/** What can run the insert: a pg client or pool, or a Prisma transaction. */
type Executor =
  | { query(text: string, values: unknown[]): Promise<unknown> }
  | { $executeRawUnsafe(text: string, ...values: unknown[]): Promise<unknown> };

export async function raiseEvent<T extends EventType>(tx: Executor, businessId: string, event: EventPayload<T>): Promise<void> {
  const values = [businessId, JSON.stringify(event)];
  if ("query" in tx) await tx.query(RAISE_SQL, values);
  else await tx.$executeRawUnsafe(RAISE_SQL, ...values);
}
