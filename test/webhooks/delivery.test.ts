/**
 * Webhook delivery end to end: events raised in the outbox, delivered by real worker processes
 * (`scripts/worker.ts`) to a real receiver on 127.0.0.1, with a compressed retry schedule.
 * Tests run in order and manage the worker processes themselves, on a database and an app of
 * their own: which worker sends what is the point here, and other files' workers (and this file's
 * trigger that fails attempts) must not meet.
 */
import pg from "pg";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { systemContext } from "@/server/context";
import { db, pool } from "@/server/db/client";
import { buildEvent, raiseEvent } from "@/server/events/outbox";
import { setWebhookUrl } from "@/server/webhooks/set-webhook-url";
import { revealWebhookSecret } from "@/server/webhooks/reveal-webhook-secret";
import { rotateWebhookSecret } from "@/server/webhooks/rotate-webhook-secret";
import { resendWebhookDelivery } from "@/server/webhooks/resend-webhook-delivery";
import { enableWebhookEndpoint } from "@/server/webhooks/enable-webhook-endpoint";
import { deliverNext } from "@/server/webhooks/deliver-next";
import { dispatchOutbox } from "@/server/webhooks/dispatch-outbox";
import { env } from "@/env";
import { createTestBusiness, uniqueNationalId } from "../support/factories";
import { api } from "../support/api";
import { Hubi } from "../../sdk/src/index.js";
import { startReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { startWorkerProcess, TEST_RETRY_SCHEDULE, type WorkerProcess } from "../support/worker-process";
import { startApp, type RunningApp } from "../support/app";
import { createOwnDatabase } from "../support/own-database";
import { waitFor } from "../support/wait-for";

let database: Awaited<ReturnType<typeof createOwnDatabase>>;
let owner: pg.Pool;
let app: RunningApp;

const ctx = systemContext("webhook-tests");
let receiver: WebhookReceiver;
let workers: WorkerProcess[] = [];

/** This file's workers name their database sessions, so that other files' sessions running beside them are not counted. */
const WORKER_SESSIONS = `delivery-test-workers-${process.pid}`;
async function startWorkers(count: number, env: Record<string, string> = {}) {
  workers.push(...(await Promise.all(Array.from({ length: count }, () => startWorkerProcess({ PGAPPNAME: WORKER_SESSIONS, ...env })))));
}
async function stopWorkers(how: "stop" | "kill" = "stop") {
  await Promise.all(workers.map((w) => w[how]()));
  workers = [];
}

/** A business whose test endpoint is the receiver; returns its id and the endpoint id. */
async function businessWithEndpoint(url = receiver.url) {
  const { businessId } = await createTestBusiness();
  const endpoint = await setWebhookUrl(ctx, { businessId, mode: "test", url });
  return { businessId, endpointId: endpoint.id };
}

async function raise(businessId: string, mode: "test" | "live" = "test") {
  const event = buildEvent("credits_low", mode, { balance: 99, threshold: 100 });
  await db().$transaction((tx) => raiseEvent(tx, businessId, event));
  return event;
}

const deliveryOf = (eventId: string) =>
  db().webhookDelivery.findFirst({ where: { eventId }, include: { attempts: { orderBy: { attemptedAt: "asc" } } } });
const settled = (eventId: string) => async () => {
  const d = await deliveryOf(eventId);
  return d && d.status !== "pending" ? d : null;
};
const requestsFor = (eventId: string) => receiver.requests.filter((r) => r.headers["webhook-id"] === eventId);

beforeAll(async () => {
  database = await createOwnDatabase("delivery");
  owner = new pg.Pool({ connectionString: database.ownerUrl, max: 2 });
  [receiver, app] = await Promise.all([startReceiver(), startApp({ env: {}, name: "vitest-app-delivery" })]);
  await startWorkers(2);
}, 180_000);
afterAll(async () => {
  await stopWorkers();
  await Promise.all([receiver?.close(), app?.stop(), owner?.end()]);
  await database?.release();
});
beforeEach(() => receiver.respond(() => ({ status: 200, body: "ok" })));

describe("webhook delivery", () => {
  it("delivers each event once across two workers, signed so that standardwebhooks verifies it", async () => {
    const { businessId } = await businessWithEndpoint();
    const { secret } = await revealWebhookSecret(ctx, { businessId, mode: "test" });
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    const events = await Promise.all(Array.from({ length: 10 }, () => raise(businessId)));

    for (const event of events) await waitFor(`delivery of ${event.id}`, settled(event.id));
    for (const event of events) {
      const received = requestsFor(event.id);
      expect(received).toHaveLength(1);
      expect(new Webhook(secret).verify(received[0]!.body, received[0]!.headers)).toEqual(event);
      expect((await deliveryOf(event.id))!.status).toBe("succeeded");
    }
  });

  it("delivers verification_completed for a sandbox verify call, without the national ID", async () => {
    const business = await createTestBusiness();
    await setWebhookUrl(ctx, { businessId: business.businessId, mode: "test", url: receiver.url });
    const { secret } = await revealWebhookSecret(ctx, { businessId: business.businessId, mode: "test" });
    const nationalId = uniqueNationalId();
    const verify = await api("POST", "/verify/citizen", { key: business.testKey, body: { nationalId, purpose: "Webhook test" }, baseUrl: app.url });
    expect(verify.status).toBe(200);

    const request = await waitFor("the event", () => receiver.requests.find((r) => r.body.includes(verify.body.data.id)));
    expect(new Webhook(secret).verify(request.body, request.headers)).toMatchObject({
      type: "verification_completed",
      mode: "test",
      data: { id: verify.body.data.id, result: "verified", purpose: "Webhook test" },
    });
    expect(request.body).not.toContain(nationalId);
  });

  it("signs with both the old and the new secret for 24 h after a rotation", async () => {
    const { businessId } = await businessWithEndpoint();
    const { secret: oldSecret } = await revealWebhookSecret(ctx, { businessId, mode: "test" });
    const { secret: newSecret, previousSecretExpiresAt } = await rotateWebhookSecret(ctx, { businessId, mode: "test" });
    expect(previousSecretExpiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    const event = await raise(businessId);

    await waitFor("delivery", settled(event.id));
    const [request] = requestsFor(event.id);
    expect(request!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    expect(new Webhook(newSecret).verify(request!.body, request!.headers)).toEqual(event);
    expect(new Webhook(oldSecret).verify(request!.body, request!.headers)).toEqual(event);
    // Our own client library agrees.
    expect(await Hubi.webhooks.verify(request!.body, request!.headers, newSecret)).toEqual(event);
    expect(await Hubi.webhooks.verify(request!.body, request!.headers, oldSecret)).toEqual(event);
  });

  it("sends test-mode events to the test endpoint only", async () => {
    const { businessId } = await businessWithEndpoint();
    await setWebhookUrl(ctx, { businessId, mode: "live", url: `${receiver.url}/live` });
    const testEvent = await raise(businessId, "test");
    const liveEvent = await raise(businessId, "live");

    await waitFor("both deliveries", async () => (await settled(testEvent.id)()) && (await settled(liveEvent.id)()));
    expect(requestsFor(testEvent.id).map((r) => r.path)).toEqual(["/hooks"]);
    expect(requestsFor(liveEvent.id).map((r) => r.path)).toEqual(["/hooks/live"]);
  });

  it("retries after 500s and succeeds, logging every attempt", async () => {
    const { businessId } = await businessWithEndpoint();
    receiver.respond((req) => (requestsFor(req.headers["webhook-id"]!).length <= 2 ? { status: 500, body: "boom" } : { status: 200, body: "thanks" }));
    const event = await raise(businessId);

    const delivery = await waitFor("delivery", settled(event.id));
    expect(delivery.status).toBe("succeeded");
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual([500, 500, 200]);
    expect(delivery.attempts[0]!.responseExcerpt).toBe("boom");
    expect(delivery.attempts[2]!.responseExcerpt).toBe("thanks");
    expect(delivery.attempts.every((a) => a.latencyMs >= 0)).toBe(true);
  });

  it("honours Retry-After on 429", async () => {
    const { businessId } = await businessWithEndpoint();
    receiver.respond((req) => (requestsFor(req.headers["webhook-id"]!).length === 1 ? { status: 429, headers: { "retry-after": "3" } } : { status: 200 }));
    const event = await raise(businessId);

    const delivery = await waitFor("delivery", settled(event.id));
    const [first, second] = delivery.attempts;
    expect(second!.attemptedAt.getTime() - first!.attemptedAt.getTime()).toBeGreaterThanOrEqual(3_000);
  });

  it("counts a redirect as a failure and never follows it", async () => {
    const { businessId } = await businessWithEndpoint();
    receiver.respond((req) => (req.path === "/hooks" ? { status: 302, headers: { location: "/elsewhere" } } : { status: 200 }));
    const event = await raise(businessId);

    const delivery = await waitFor("the schedule to run out", settled(event.id));
    expect(delivery.status).toBe("failed");
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual([302, 302, 302, 302]);
    expect(receiver.requests.some((r) => r.path === "/elsewhere")).toBe(false);
  });

  it("loses no event while the receiver is down for the whole schedule: it is resent from the portal", async () => {
    const { businessId } = await businessWithEndpoint();
    await receiver.close();
    const event = await raise(businessId);
    const failed = await waitFor("the schedule to run out", settled(event.id));
    expect(failed.status).toBe("failed");
    expect(failed.attempts).toHaveLength(4);
    expect(failed.attempts.every((a) => a.statusCode === null && a.error)).toBe(true);

    await receiver.reopen();
    await resendWebhookDelivery(ctx, { businessId, mode: "test", deliveryId: failed.id });
    const resent = await waitFor("the resend", settled(event.id));
    expect(resent.status).toBe("succeeded");
    expect(requestsFor(event.id)).toHaveLength(1);
    const audited = await db().auditLogEntry.findMany({ where: { businessId, action: "webhook.delivery_resent" } });
    expect(audited.map((a) => a.metadata)).toEqual([{ deliveryId: failed.id, eventId: event.id }]);
  });

  it("keeps an endpoint on that recovered, when a delivery sent before its recovery fails after it", async () => {
    const { businessId, endpointId } = await businessWithEndpoint();
    // Failing for six days: the next failure turns it off.
    await db().webhookEndpoint.update({ where: { id: endpointId }, data: { failingSince: new Date(Date.now() - 6 * 86_400_000) } });
    const slow = buildEvent("credits_low", "test", { balance: 99, threshold: 100 });
    receiver.respond((req) => (req.headers["webhook-id"] === slow.id ? "hold" : { status: 200, body: "ok" }));
    await db().$transaction((tx) => raiseEvent(tx, businessId, slow));
    await waitFor("the first delivery to be under way", () => requestsFor(slow.id).length === 1);
    // Another delivery succeeds meanwhile: the endpoint has recovered.
    const quick = await raise(businessId);
    expect((await waitFor("the second delivery", settled(quick.id))).status).toBe("succeeded");
    receiver.release(500);
    await waitFor("the first delivery's failure", async () => ((await deliveryOf(slow.id))?.attempts.length ?? 0) >= 1);
    const endpoint = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    expect(endpoint).toMatchObject({ enabled: true, disabledReason: null });
  });

  it("disables the endpoint on 410 and, once re-enabled, sends both the delivery answered 410 and the events raised meanwhile", async () => {
    const { businessId, endpointId } = await businessWithEndpoint();
    receiver.respond(() => ({ status: 410 }));
    const first = await raise(businessId);
    const endpoint = await waitFor("the endpoint to be disabled", async () => {
      const e = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
      return e.enabled ? null : e;
    });
    expect(endpoint.disabledReason).toMatch(/410/);
    // Not given up on: it waits, like the events that follow, for the endpoint to come back.
    expect(await deliveryOf(first.id)).toMatchObject({ status: "pending", attempts: [{ statusCode: 410 }] });

    const second = await raise(businessId);
    // Kept for the disabled endpoint, and not attempted while it is off: the workers' own claim refuses it.
    const kept = await waitFor("the delivery kept for the disabled endpoint", () => deliveryOf(second.id));
    expect(await deliverNext({ deliveryId: kept.id })).toBe(false);
    expect(await deliveryOf(second.id)).toMatchObject({ status: "pending", attempts: [] });
    expect(requestsFor(second.id)).toHaveLength(0);

    receiver.respond(() => ({ status: 200 }));
    // Twice at once, as two clicks: one change, one audit entry.
    await Promise.all([0, 1].map(() => enableWebhookEndpoint(ctx, { businessId, mode: "test" })));
    expect(await db().auditLogEntry.count({ where: { businessId, action: "webhook.enabled" } })).toBe(1);
    const third = await raise(businessId);
    expect((await waitFor("delivery after re-enabling", settled(third.id))).status).toBe("succeeded");
    expect((await waitFor("the event kept while disabled", settled(second.id))).status).toBe("succeeded");
    expect(requestsFor(second.id)).toHaveLength(1);
    const answered410 = await waitFor("the delivery answered 410", settled(first.id));
    expect(answered410).toMatchObject({ status: "succeeded", attempts: [{ statusCode: 410 }, { statusCode: 200 }] });
    expect(requestsFor(first.id)).toHaveLength(2);
  });

  it("disables an endpoint that has had no success for 5 days", async () => {
    const { businessId, endpointId } = await businessWithEndpoint();
    await db().webhookEndpoint.update({ where: { id: endpointId }, data: { failingSince: new Date(Date.now() - 5 * 86_400_000 - 60_000) } });
    receiver.respond(() => ({ status: 500 }));
    const event = await raise(businessId);

    const endpoint = await waitFor("the endpoint to be disabled", async () => {
      const e = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
      return e.enabled ? null : e;
    });
    expect(endpoint.disabledReason).toBe("No successful delivery for 5 days");
    expect((await deliveryOf(event.id))!.attempts).toHaveLength(1);
  });

  it("waits a minute, rather than resending on every poll, when an attempt cannot be recorded", async () => {
    const { businessId, endpointId } = await businessWithEndpoint();
    // Fault injection in the database: recording any attempt for this endpoint fails.
    await owner.query(`
      CREATE FUNCTION fail_attempts() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        IF EXISTS (SELECT 1 FROM webhook_delivery WHERE id = NEW.delivery_id AND endpoint_id = '${endpointId}') THEN
          RAISE EXCEPTION 'injected failure';
        END IF;
        RETURN NEW;
      END $$`);
    await owner.query(`CREATE TRIGGER fail_attempts BEFORE INSERT ON webhook_attempt FOR EACH ROW EXECUTE FUNCTION fail_attempts()`);
    try {
      const event = await raise(businessId);
      await waitFor("the request", () => requestsFor(event.id).length === 1);
      const delivery = await waitFor("the delivery postponed", async () => {
        const d = await deliveryOf(event.id);
        return d?.nextAttemptAt && d.nextAttemptAt.getTime() - Date.now() > 50_000 ? d : null;
      });
      expect(delivery).toMatchObject({ status: "pending", attemptCount: 0 });
      // Not due: the workers' own claim passes it by, so no second request goes out.
      expect(await deliverNext({ deliveryId: delivery.id })).toBe(false);
      expect(requestsFor(event.id)).toHaveLength(1);
    } finally {
      await owner.query(`DROP TRIGGER fail_attempts ON webhook_attempt`);
      await owner.query(`DROP FUNCTION fail_attempts()`);
    }
  });

  it("holds no transaction while a receiver hangs, and a hanging endpoint takes no more than its quota of workers", async () => {
    const slow = await businessWithEndpoint(`${receiver.url}/slow`);
    const fast = await businessWithEndpoint(`${receiver.url}/fast`);
    receiver.respond((req) => (req.path.endsWith("/slow") ? "hold" : { status: 200 }));
    try {
      // More slow events than the two workers have slots (2 × 4).
      const slowEvents = await Promise.all(Array.from({ length: 10 }, () => raise(slow.businessId)));
      await waitFor("the slow receiver to be called", () => receiver.requests.some((r) => r.path.endsWith("/slow")));
      // A transaction held across the hanging request began before it and is still open a second
      // later. A worker's own short transactions (recording another delivery's attempt) show as idle
      // in transaction for a moment between their statements: a snapshot alone would catch those.
      const calledBy = (await pool().query<{ now: Date }>("SELECT now()")).rows[0]!.now;
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const { rows } = await pool().query<{ n: number }>(
        `SELECT count(*)::int AS n FROM pg_stat_activity
          WHERE datname = current_database() AND application_name = $1 AND state LIKE 'idle in transaction%' AND xact_start <= $2`,
        [WORKER_SESSIONS, calledBy],
      );
      expect((await pool().query("SELECT 1 FROM pg_stat_activity WHERE application_name = $1", [WORKER_SESSIONS])).rowCount).toBeGreaterThan(0);
      expect(rows[0]!.n).toBe(0);

      const fastEvent = await raise(fast.businessId);
      await waitFor("the fast endpoint's delivery", settled(fastEvent.id));
      // Delivered while every slow request still hangs (the first would time out after 10 s).
      expect(await db().webhookAttempt.count({ where: { delivery: { eventId: { in: slowEvents.map((e) => e.id) } } } })).toBe(0);
    } finally {
      await db().webhookEndpoint.update({ where: { id: slow.endpointId }, data: { enabled: false } });
    }
  });

  it("never has more deliveries in flight to one endpoint than its quota, however many claims race", async () => {
    await stopWorkers();
    const { businessId } = await businessWithEndpoint(`${receiver.url}/held`);
    receiver.respond(() => "hold");
    const before = receiver.requests.length;
    const claims: Promise<boolean>[] = [];
    try {
      await Promise.all(Array.from({ length: 12 }, () => raise(businessId)));
      while ((await dispatchOutbox()).more);
      // Ten claims at once, each on a connection of its own: each either sends (and hangs on the
      // receiver) or finds nothing it may take.
      let refused = 0;
      claims.push(...Array.from({ length: 10 }, () => deliverNext().then((sent) => (sent ? sent : (refused++, sent)))));
      await waitFor("every claim to send or give up", () => refused + receiver.requests.length - before === 10);
      const held = receiver.requests.slice(before).filter((r) => r.path.endsWith("/held"));
      expect(held).toHaveLength(env().WEBHOOK_MAX_IN_FLIGHT_PER_ENDPOINT);
    } finally {
      receiver.respond(() => ({ status: 200 }));
      receiver.release(200);
      await Promise.all(claims);
      await startWorkers(2);
    }
  });

  it("delivers an event whose worker was killed mid-request, after a restart", async () => {
    const { businessId } = await businessWithEndpoint();
    receiver.respond((req) => (requestsFor(req.headers["webhook-id"]!).length === 1 ? "hold" : { status: 200 }));
    const event = await raise(businessId);
    await waitFor("the first request to arrive", () => requestsFor(event.id).length === 1);

    await stopWorkers("kill");
    expect((await deliveryOf(event.id))!.status).toBe("pending");
    await startWorkers(1);

    const delivery = await waitFor("delivery after the restart", settled(event.id));
    expect(delivery.status).toBe("succeeded");
    // The killed attempt was never recorded; its lease expired and the next worker sent it again.
    expect(delivery.attempts.map((a) => a.statusCode)).toEqual([200]);
    expect(requestsFor(event.id)).toHaveLength(2);
    expect(new Set(requestsFor(event.id).map((r) => r.headers["webhook-id"]))).toEqual(new Set([event.id]));
  });

  it("runs in the app process itself when WEBHOOK_WORKER_IN_APP is on", async () => {
    await stopWorkers();
    const app = await startApp({ env: { WEBHOOK_WORKER_IN_APP: "true", WEBHOOK_RETRY_SCHEDULE: TEST_RETRY_SCHEDULE }, name: "vitest-app-with-worker" });
    try {
      const { businessId } = await businessWithEndpoint();
      const event = await raise(businessId);
      expect((await waitFor("delivery by the app's worker", settled(event.id))).status).toBe("succeeded");
    } finally {
      await app.stop();
    }
  });
});
