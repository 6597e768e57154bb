/**
 * Raising an event = writing it to the outbox inside the caller's transaction, so an event exists
 * exactly when the change it reports was committed. Delivery is the webhook dispatcher's job.
 */
import { randomUUID } from "node:crypto";
import type { Prisma } from "@/generated/prisma/client";
import type { Mode } from "@/generated/prisma/enums";
import type { EventPayload, EventType } from "@/contracts/events";

type Tx = Pick<Prisma.TransactionClient, "outboxEvent">;

export function buildEvent<T extends EventType>(
  type: T,
  mode: Mode,
  data: EventPayload<T>["data"],
  at = new Date(),
): EventPayload<T> {
  return { id: randomUUID(), type, mode, createdAt: at.toISOString(), data } as EventPayload<T>;
}

export async function raiseEvent<T extends EventType>(
  tx: Tx,
  businessId: string,
  event: EventPayload<T>,
): Promise<void> {
  await tx.outboxEvent.create({
    data: {
      id: event.id,
      businessId,
      mode: event.mode,
      type: event.type,
      payload: event as unknown as Prisma.InputJsonValue,
      createdAt: new Date(event.createdAt),
    },
  });
}
