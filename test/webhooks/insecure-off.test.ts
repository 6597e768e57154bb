/**
 * A webhook worker run without WEBHOOK_ALLOW_INSECURE refuses a local address before it connects.
 * Its database is its own: every other test file's workers run in insecure mode on the shared one
 * and would take the delivery first.
 */
import { afterAll, beforeAll, expect, it } from "vitest";
import { systemContext } from "@/server/context";
import { db } from "@/server/db/client";
import { buildEvent, raiseEvent } from "@/server/events/outbox";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { createOwnDatabase } from "../support/own-database";
import { createTestBusiness } from "../support/factories";
import { startReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";
import { waitFor } from "../support/wait-for";

let database: Awaited<ReturnType<typeof createOwnDatabase>>;
let receiver: WebhookReceiver;
let worker: WorkerProcess;

beforeAll(async () => {
  database = await createOwnDatabase("insecure_off");
  receiver = await startReceiver();
  worker = await startWorkerProcess({ WEBHOOK_ALLOW_INSECURE: "false" });
});
afterAll(async () => {
  await worker?.stop();
  await receiver?.close();
  await database?.release();
});

it("refuses to deliver to a local address when insecure mode is off", async () => {
  const { businessId } = await createTestBusiness();
  // The endpoint was saved where local addresses are allowed (this test's process), as a
  // development setting carried over into a deployment would be.
  await setWebhookUrl(systemContext("insecure-off-test"), { businessId, mode: "test", url: `https://localhost:${receiver.port}/hooks` });
  const event = buildEvent("credits_low", "test", { balance: 99, threshold: 100 });
  await db().$transaction((tx) => raiseEvent(tx, businessId, event));

  const attempt = await waitFor("the first attempt", async () => (await db().webhookDelivery.findFirst({ where: { eventId: event.id }, include: { attempts: true } }))?.attempts[0]);
  expect(attempt.statusCode).toBeNull();
  expect(attempt.error).toBe("localhost resolves to a private or reserved address");
  expect(receiver.connections()).toBe(0);
});
