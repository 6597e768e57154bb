/**
 * No event is ever lost: the receiver goes down for a simulated hour (the retry schedule is
 * compressed to seconds), events of every type are raised, deliveries run out of retries, the
 * endpoint is disabled and more events arrive while it is off. When the receiver is back, the
 * owner re-enables the endpoint and resends the failed deliveries: every event reaches the
 * receiver, and the Events API lists each exactly once.
 */
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { EVENT_TYPES, type EventType } from "@/contracts/events";
import { SANDBOX_LEVERS } from "@/contracts/sandbox";
import { systemContext } from "@/server/context";
import { db } from "@/server/db/client";
import { buildEvent, raiseEvent } from "@/server/events/outbox";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { sendTestWebhook } from "@/server/webhooks/send-test-webhook";
import { enableWebhookEndpoint } from "@/server/webhooks/enable-webhook-endpoint";
import { resendFailedDeliveries } from "@/server/webhooks/resend-failed-deliveries";
import { Hubi } from "../../sdk/src/index.js";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";
import { startReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";
import { waitFor } from "../support/wait-for";

const ctx = systemContext("receiver-down-test");
let receiver: WebhookReceiver;
let worker: WorkerProcess;
let biz: TestBusiness;
let endpointId: string;

beforeAll(async () => {
  receiver = await startReceiver();
  worker = await startWorkerProcess();
  biz = await createTestBusiness();
  endpointId = (await setWebhookUrl(ctx, { businessId: biz.businessId, mode: "test", url: receiver.url })).id;
});
afterAll(async () => {
  await worker.stop();
  await receiver.close();
});

/** Raises one event of each type the way the product does where a test can, directly otherwise. */
async function raiseEveryType(): Promise<string[]> {
  const ids: string[] = [];
  const verify = async (nationalId: string) => {
    const res = await api("POST", "/verify/citizen", { key: biz.testKey, body: { nationalId } });
    expect(res.status).toBe(200);
    return res.body.data.id as string;
  };
  const first = await verify(uniqueNationalId()); // verification_completed
  expect((await api("POST", `/verifications/${first}/redact`, { key: biz.testKey })).status).toBe(200); // verification_redacted
  await verify(SANDBOX_LEVERS.credits_low); // credits_low (and verification_completed)
  await verify(SANDBOX_LEVERS.credits_exhausted); // credits_exhausted (and verification_completed)
  const direct: Partial<Record<EventType, object>> = {
    live_access_approved: { applicationId: crypto.randomUUID() },
    live_access_rejected: { applicationId: crypto.randomUUID(), reason: "Incomplete documents" },
    business_suspended: { reason: null },
    batch_completed: {
      id: crypto.randomUUID(),
      status: "completed",
      mode: "test",
      totalRows: 1,
      processedRows: 1,
      counts: { verified: 1, not_found: 0, expired: 0, revoked: 0, invalid: 0, insufficient_credits: 0 },
      creditsUsed: 0,
      createdAt: new Date().toISOString(),
      completedAt: new Date().toISOString(),
    },
  };
  for (const [type, data] of Object.entries(direct)) {
    const event = buildEvent(type as EventType, "test", data as never);
    await db().$transaction((tx) => raiseEvent(tx, biz.businessId, event));
    ids.push(event.id);
  }
  return ids;
}

/** Per raiseEveryType(): three verifications, one redaction, one credits_low, one credits_exhausted, four direct. */
const EVENTS_PER_ROUND = 10;

const raisedEvents = () => db().outboxEvent.findMany({ where: { businessId: biz.businessId, mode: "test" }, select: { id: true, type: true } });
const waitingUnattempted = () => db().webhookDelivery.count({ where: { endpointId, status: "pending", attempts: { none: {} } } });

it("delivers or keeps retrievable every event raised while the receiver was down, none twice in the Events API", async () => {
  const downSince = new Date();
  await receiver.close(); // connection refused from now on

  // While enabled: deliveries fail until the compressed schedule runs out.
  await raiseEveryType();
  await sendTestWebhook(ctx, { businessId: biz.businessId, mode: "test" }); // webhook_test, its first attempt fails now
  await waitFor(
    "every delivery to run out of retries",
    async () =>
      (await db().webhookDelivery.count({ where: { endpointId, status: "failed" } })) === EVENTS_PER_ROUND + 1 &&
      (await db().webhookDelivery.count({ where: { endpointId, status: { not: "failed" } } })) === 0,
    60_000,
  );

  // Then the endpoint is disabled (5 days without success, compressed), and more events arrive.
  await db().webhookEndpoint.update({ where: { id: endpointId }, data: { enabled: false, disabledReason: "No successful delivery for 5 days", disabledAt: new Date() } });
  const whileDisabled = await raiseEveryType();
  await waitFor("the events raised while disabled to wait for the endpoint", async () => (await waitingUnattempted()) === EVENTS_PER_ROUND);
  expect(receiver.requests).toHaveLength(0);

  // The receiver is back: the owner re-enables the endpoint and resends what failed.
  await receiver.reopen();
  await enableWebhookEndpoint(ctx, { businessId: biz.businessId, mode: "test" });
  const { resent } = await resendFailedDeliveries(ctx, { businessId: biz.businessId, mode: "test", since: downSince });
  expect(resent).toBe(EVENTS_PER_ROUND + 1);
  expect((await resendFailedDeliveries(ctx, { businessId: biz.businessId, mode: "test", since: downSince })).resent).toBe(0);

  const raised = await raisedEvents();
  expect(new Set(raised.map((e) => e.type))).toEqual(new Set(EVENT_TYPES));
  expect(raised.map((e) => e.id)).toEqual(expect.arrayContaining(whileDisabled));
  await waitFor(
    "every event at the receiver",
    () => raised.every((e) => receiver.requests.some((r) => r.headers["webhook-id"] === e.id)),
    60_000,
  );

  // The Events API, walked by cursor with the client library, lists each event exactly once.
  const hubi = new Hubi({ apiKey: biz.testKey, environment: "test", baseUrl: inject("baseUrl") });
  const listed: string[] = [];
  for await (const event of hubi.listAllEvents({ from: downSince, limit: 4 })) listed.push(event.id);
  expect(listed).toHaveLength(new Set(listed).size);
  expect(new Set(listed)).toEqual(new Set(raised.map((e) => e.id)));
  const one = await hubi.getEvent(whileDisabled[0]!);
  expect(one).toMatchObject({ id: whileDisabled[0], type: "live_access_approved", mode: "test" });
}, 180_000);
