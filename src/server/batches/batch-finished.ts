/**
 * `batch_completed`: one event per batch, raised by the transaction that brings the batch to an
 * end (its last chunk, a cancellation, a failure), with the batch and its counts. Rows raise no
 * `verification_completed` of their own: a million webhooks would bury the receiver.
 */
import type pg from "pg";
import { buildEvent, raiseEvent } from "@/server/events/outbox";
import { toBatch, type BatchRow } from "./batch-row";

export async function raiseBatchFinished(client: pg.PoolClient, businessId: string, batch: BatchRow, at: Date): Promise<void> {
  const event = buildEvent("batch_completed", batch.mode, toBatch(batch), at);
  await raiseEvent(client, businessId, event);
}
