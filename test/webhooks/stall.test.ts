/**
 * No tenant can stall the service: a receiver that accepts connections and never answers, aimed
 * at by a burst of test sends and 200 sandbox verifications, while another business keeps its fast
 * API answers and its webhooks.
 */
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { systemContext } from "@/server/context";
import { db } from "@/server/db/client";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { sendTestWebhook } from "@/server/webhooks/send-test-webhook";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";
import { startReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";
import { waitFor } from "../support/wait-for";

const ctx = systemContext("stall-test");
let receiver: WebhookReceiver;
let worker: WorkerProcess;
let noisy: TestBusiness;
let quiet: TestBusiness;

/**
 * Slower than this is a stall: a request held up by the hanging receiver would wait out the 10 s
 * delivery timeout; half of it leaves a loaded machine (another file's large upload) its pauses.
 */
const STALLED_MS = 5_000;

async function timed<T>(call: () => Promise<T>): Promise<{ ms: number; result: T }> {
  const started = performance.now();
  const result = await call();
  return { ms: performance.now() - started, result };
}

beforeAll(async () => {
  receiver = await startReceiver();
  receiver.respond((req) => (req.path.endsWith("/hang") ? "hold" : { status: 200 }));
  noisy = await createTestBusiness({ rateLimitPerMinute: 1000 });
  quiet = await createTestBusiness();
  await setWebhookUrl(ctx, { businessId: noisy.businessId, mode: "test", url: `${receiver.url}/hang` });
  await setWebhookUrl(ctx, { businessId: quiet.businessId, mode: "test", url: `${receiver.url}/ok` });
  worker = await startWorkerProcess();
});

afterAll(async () => {
  await db().webhookEndpoint.updateMany({ where: { businessId: noisy.businessId }, data: { enabled: false } });
  await worker.stop();
  await receiver.close();
});

describe("a receiver that never answers", () => {
  it("does not slow the service or another business's webhooks", async () => {
    // 50 test sends: a few are sent (and hang), the rest are refused at once by the throttle.
    const sends = Array.from({ length: 50 }, () => sendTestWebhook(ctx, { businessId: noisy.businessId, mode: "test" }).then(() => "sent", (e: Error) => e.message));
    // 200 sandbox verifications, each raising an event for the hanging receiver.
    for (let batch = 0; batch < 20; batch++) {
      const results = await Promise.all(
        Array.from({ length: 10 }, () => api("POST", "/verify/citizen", { key: noisy.testKey, body: { nationalId: uniqueNationalId() } })),
      );
      expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    }
    await waitFor("the hanging receiver to be called", () => receiver.requests.some((r) => r.path.endsWith("/hang")));

    for (let i = 0; i < 5; i++) {
      const health = await timed(() => fetch(`${inject("baseUrl")}/api/health`));
      expect(health.result.status).toBe(200);
      expect(health.ms).toBeLessThan(STALLED_MS);
      const verify = await timed(() => api("POST", "/verify/citizen", { key: quiet.testKey, body: { nationalId: uniqueNationalId() } }));
      expect(verify.result.status).toBe(200);
      expect(verify.ms).toBeLessThan(STALLED_MS);
    }

    const quietDelivered = () =>
      db().webhookDelivery.count({ where: { endpoint: { businessId: quiet.businessId }, status: "succeeded", eventType: "verification_completed" } });
    await waitFor("the other business's webhooks", async () => (await quietDelivered()) === 5);

    const outcomes = await Promise.all(sends);
    expect(outcomes.filter((o) => o === "sent").length).toBeLessThanOrEqual(5);
    expect(outcomes.filter((o) => o.includes("test events a minute")).length).toBeGreaterThanOrEqual(45);
  });
});
