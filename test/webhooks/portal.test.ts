/**
 * The portal's webhook procedures through a tRPC caller, as the page calls them: the selected
 * business and mode come from the context, and roles decide what each member may do.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Webhook } from "standardwebhooks";
import { createCallerFactory } from "@/server/trpc/init";
import { db } from "@/server/db/client";
import { LIMITS } from "@/contracts/limits";
import { appRouter } from "@/server/trpc/routers/_app";
import type { TrpcContext } from "@/server/trpc/context";
import type { Role } from "@/generated/prisma/enums";
import { createTestBusiness, type TestBusiness } from "../support/factories";
import { startReceiver, type WebhookReceiver } from "../support/webhook-receiver";
import { submission } from "../support/submission";
import { waitFor } from "../support/wait-for";
import { deliverNext } from "@/server/webhooks/deliver-next";
import { dispatchOutbox } from "@/server/webhooks/dispatch-outbox";

const createCaller = createCallerFactory(appRouter);

function callerFor(business: TestBusiness, role: Role = "owner", mode: "test" | "live" = "test") {
  const ctx: TrpcContext = {
    user: { id: business.userId, email: business.email, name: "Test Owner", isPlatformAdmin: false, twoFactorEnabled: false, locale: "en", memberships: [] },
    membership: { businessId: business.businessId, businessName: "Test Business", role, requireTwoFactor: false, suspended: false },
    mode,
    requestId: `req_${crypto.randomUUID()}`,
  };
  return createCaller(ctx);
}

const adminCaller = () =>
  createCaller({
    user: { id: crypto.randomUUID(), email: "admin@hubi.test", name: "Admin", isPlatformAdmin: true, twoFactorEnabled: true, locale: "en", memberships: [] },
    membership: undefined,
    mode: "test",
    requestId: `req_${crypto.randomUUID()}`,
  });

let receiver: WebhookReceiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

describe("webhooks router", () => {
  it("sets the URL, sends a test event at once and shows the receiver's answer", async () => {
    const business = await createTestBusiness();
    const trpc = callerFor(business);
    expect(await trpc.webhooks.endpoint()).toBeNull();

    const endpoint = await trpc.webhooks.setUrl({ url: receiver.url, ...submission() });
    expect(endpoint).toMatchObject({ url: receiver.url, enabled: true, mode: "test" });
    receiver.respond(() => ({ status: 202, body: "received" }));

    const delivery = await trpc.webhooks.sendTest(submission());
    expect(delivery).toMatchObject({ eventType: "webhook_test", status: "succeeded", attemptCount: 1 });
    expect(delivery.attempts[0]).toMatchObject({ statusCode: 202, responseExcerpt: "received", error: null });

    const { secret } = await trpc.webhooks.revealSecret();
    const request = receiver.requests.find((r) => r.headers["webhook-id"] === delivery.eventId)!;
    expect(new Webhook(secret).verify(request.body, request.headers)).toMatchObject({ type: "webhook_test", mode: "test" });

    const { items } = await trpc.webhooks.deliveries({});
    expect(items.map((d) => d.id)).toEqual([delivery.id]);
    expect(items[0]!.attempts).toHaveLength(1);
  });

  it("shows a failed test delivery with its next retry", async () => {
    const trpc = callerFor(await createTestBusiness());
    await trpc.webhooks.setUrl({ url: receiver.url, ...submission() });
    receiver.respond(() => ({ status: 500, body: "nope" }));

    const delivery = await trpc.webhooks.sendTest(submission());
    expect(delivery).toMatchObject({ status: "pending", attemptCount: 1 });
    expect(delivery.attempts[0]).toMatchObject({ statusCode: 500, responseExcerpt: "nope" });
    expect(delivery.nextAttemptAt!.getTime()).toBeGreaterThan(Date.now());
  });

  it("keeps the first 500 bytes of a response, even a binary one", async () => {
    const trpc = callerFor(await createTestBusiness());
    await trpc.webhooks.setUrl({ url: receiver.url, ...submission() });
    receiver.respond(() => ({ status: 200, body: `bin\u0000ary${"x".repeat(2_000)}` }));

    const delivery = await trpc.webhooks.sendTest(submission());
    expect(delivery.status).toBe("succeeded");
    expect(delivery.attempts[0]!.responseExcerpt).toBe(`binary${"x".repeat(500 - "bin\u0000ary".length)}`);
  });

  it("keeps one endpoint per mode", async () => {
    const business = await createTestBusiness();
    await callerFor(business, "owner", "test").webhooks.setUrl({ url: `${receiver.url}/test`, ...submission() });
    await callerFor(business, "owner", "live").webhooks.setUrl({ url: `${receiver.url}/live`, ...submission() });
    await callerFor(business, "owner", "test").webhooks.setUrl({ url: `${receiver.url}/test2`, ...submission() });
    expect((await callerFor(business, "viewer", "test").webhooks.endpoint())!.url).toBe(`${receiver.url}/test2`);
    expect((await callerFor(business, "viewer", "live").webhooks.endpoint())!.url).toBe(`${receiver.url}/live`);
  });

  it("audits the URL with its query values redacted: the endpoint keeps the token, the audit log does not", async () => {
    const business = await createTestBusiness();
    await callerFor(business).webhooks.setUrl({ url: `${receiver.url}/hook?token=s3cr3t-receiver-token`, ...submission() });
    expect((await callerFor(business).webhooks.endpoint())!.url).toBe(`${receiver.url}/hook?token=s3cr3t-receiver-token`);
    const entries = await db().auditLogEntry.findMany({ where: { businessId: business.businessId, action: "webhook.url_set" } });
    expect(entries.map((e) => e.metadata)).toEqual([{ url: `${receiver.url}/hook?token=redacted` }]);
  });

  it("shows the URL whole to owners and developers, and with query values hidden to viewers and platform admins", async () => {
    const business = await createTestBusiness();
    const url = `${receiver.url}/hook?token=s3cr3t-receiver-token&tenant=acme`;
    await callerFor(business, "developer").webhooks.setUrl({ url, ...submission() });
    expect((await callerFor(business, "owner").webhooks.endpoint())!.url).toBe(url);
    expect((await callerFor(business, "developer").webhooks.endpoint())!.url).toBe(url);
    const masked = `${receiver.url}/hook?token=redacted&tenant=redacted`;
    expect((await callerFor(business, "viewer").webhooks.endpoint())!.url).toBe(masked);
    const [health] = await adminCaller().webhooks.health({ businessId: business.businessId });
    expect(health!.url).toBe(masked);
  });

  it("throttles test events per business", async () => {
    const trpc = callerFor(await createTestBusiness());
    await trpc.webhooks.setUrl({ url: receiver.url, ...submission() });
    for (let i = 0; i < LIMITS.testEventsPerMinute; i++) await trpc.webhooks.sendTest(submission());
    await expect(trpc.webhooks.sendTest(submission())).rejects.toMatchObject({ code: "TOO_MANY_REQUESTS", message: expect.stringContaining("test events a minute") });
  });

  it("rejects URLs that are not http(s)", async () => {
    const trpc = callerFor(await createTestBusiness());
    await expect(trpc.webhooks.setUrl({ url: "ftp://example.com/hook", ...submission() })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(trpc.webhooks.setUrl({ url: "nonsense", ...submission() })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "Enter a valid URL" });
  });

  it("rotates the secret, keeping the previous one signing for 24 h", async () => {
    const trpc = callerFor(await createTestBusiness());
    await trpc.webhooks.setUrl({ url: receiver.url, ...submission() });
    const { secret: before } = await trpc.webhooks.revealSecret();
    const rotated = await trpc.webhooks.rotateSecret(submission());
    expect(rotated.secret).not.toBe(before);
    expect((await trpc.webhooks.revealSecret()).secret).toBe(rotated.secret);
    expect((await trpc.webhooks.endpoint())!.previousSecretExpiresAt).toEqual(rotated.previousSecretExpiresAt);
  });

  it("lets viewers see the endpoint and deliveries but not the secret or changes", async () => {
    const business = await createTestBusiness();
    await callerFor(business).webhooks.setUrl({ url: receiver.url, ...submission() });
    const viewer = callerFor(business, "viewer");
    expect(await viewer.webhooks.endpoint()).not.toBeNull();
    expect(await viewer.webhooks.deliveries({})).toEqual({ items: [], nextCursor: null });
    await expect(viewer.webhooks.revealSecret()).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(viewer.webhooks.rotateSecret(submission())).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(viewer.webhooks.setUrl({ url: receiver.url, ...submission() })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("resends a finished delivery (failed or succeeded) with the same event id, but not a pending one or one of another business", async () => {
    const business = await createTestBusiness();
    const trpc = callerFor(business);
    const endpoint = await trpc.webhooks.setUrl({ url: receiver.url, ...submission() });
    receiver.respond(() => ({ status: 200 }));
    const delivery = await trpc.webhooks.sendTest(submission());
    const eventId = delivery.eventId;
    await trpc.webhooks.resend({ deliveryId: delivery.id, ...submission() });
    // This test sends it, unless another test file's webhook worker (same database) already has.
    await deliverNext({ deliveryId: delivery.id });
    await waitFor("the resent delivery", () => receiver.requests.filter((r) => r.headers["webhook-id"] === eventId).length === 2);

    const pendingId = crypto.randomUUID();
    await db().outboxEvent.create({
      data: { id: pendingId, businessId: business.businessId, mode: "test", type: "webhook_test", payload: { id: pendingId }, dispatchedAt: new Date() },
    });
    const pending = await db().webhookDelivery.create({
      data: { endpointId: endpoint.id, eventId: pendingId, eventType: "webhook_test", nextAttemptAt: new Date(Date.now() + 3_600_000) },
    });
    await expect(trpc.webhooks.resend({ deliveryId: pending.id, ...submission() })).rejects.toMatchObject({
      message: "This delivery is still pending: it will be attempted again on its own",
    });
    const other = callerFor(await createTestBusiness());
    await expect(other.webhooks.resend({ deliveryId: delivery.id, ...submission() })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("shows an event's payload as delivered, to its own business only", async () => {
    const business = await createTestBusiness();
    const trpc = callerFor(business);
    await trpc.webhooks.setUrl({ url: receiver.url, ...submission() });
    receiver.respond(() => ({ status: 200 }));
    const delivery = await trpc.webhooks.sendTest(submission());
    expect(await callerFor(business, "viewer").webhooks.event({ id: delivery.eventId })).toMatchObject({ id: delivery.eventId, type: "webhook_test" });
    await expect(callerFor(await createTestBusiness()).webhooks.event({ id: delivery.eventId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("delivers only the event types the endpoint chose, from the next event on; an empty choice means all", async () => {
    const business = await createTestBusiness();
    const trpc = callerFor(business);
    const endpoint = await trpc.webhooks.setUrl({ url: receiver.url, ...submission() });
    expect(endpoint.eventTypes).toEqual([]);
    await expect(trpc.webhooks.setEventTypes({ eventTypes: ["no_such_event"] as never, ...submission() })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect((await trpc.webhooks.setEventTypes({ eventTypes: ["credits_low", "credits_low"], ...submission() })).eventTypes).toEqual(["credits_low"]);

    receiver.respond(() => ({ status: 200 }));
    const raise = async (type: "credits_low" | "business_suspended") => {
      const id = crypto.randomUUID();
      await db().outboxEvent.create({ data: { id, businessId: business.businessId, mode: "test", type, payload: { id, type } } });
      return id;
    };
    const [wanted, unwanted] = [await raise("credits_low"), await raise("business_suspended")];
    await waitFor("both events dispatched", async () => {
      await dispatchOutbox();
      return (await db().outboxEvent.count({ where: { id: { in: [wanted, unwanted] }, dispatchedAt: { not: null } } })) === 2;
    });
    const deliveries = await db().webhookDelivery.findMany({ where: { endpointId: endpoint.id }, select: { eventId: true } });
    expect(deliveries.map((d) => d.eventId)).toEqual([wanted]);
    const audited = await db().auditLogEntry.findFirstOrThrow({ where: { businessId: business.businessId, action: "webhook.event_types_set" } });
    expect(audited.metadata).toEqual({ eventTypes: "credits_low" });
  });

  it("deletes the endpoint with its deliveries, once per submission, for developers only", async () => {
    const business = await createTestBusiness();
    const trpc = callerFor(business);
    await trpc.webhooks.setUrl({ url: receiver.url, ...submission() });
    receiver.respond(() => ({ status: 200 }));
    await trpc.webhooks.sendTest(submission());
    await expect(callerFor(business, "viewer").webhooks.deleteEndpoint(submission())).rejects.toMatchObject({ code: "FORBIDDEN" });
    const token = submission();
    expect(await trpc.webhooks.deleteEndpoint(token)).toEqual({ deleted: true });
    expect(await trpc.webhooks.deleteEndpoint(token)).toEqual({ deleted: true });
    expect(await trpc.webhooks.endpoint()).toBeNull();
    await expect(trpc.webhooks.deleteEndpoint(submission())).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await db().auditLogEntry.count({ where: { businessId: business.businessId, action: "webhook.endpoint_deleted" } })).toBe(1);
  });

  it("gives platform admins any business's delivery health, and only them", async () => {
    const business = await createTestBusiness();
    const trpc = callerFor(business);
    await trpc.webhooks.setUrl({ url: receiver.url, ...submission() });
    receiver.respond(() => ({ status: 200 }));
    await trpc.webhooks.sendTest(submission());

    const [health] = await adminCaller().webhooks.health({ businessId: business.businessId });
    expect(health).toMatchObject({ mode: "test", enabled: true, last7Days: { succeeded: 1, pending: 0, failed: 0 }, lastAttempt: { statusCode: 200 } });
    await expect(trpc.webhooks.health({ businessId: business.businessId })).rejects.toMatchObject({ code: "FORBIDDEN" });
  });

  it("resends every failed delivery since a moment, once, for developers only, and audits it", async () => {
    receiver.respond(() => ({ status: 200 })); // resent deliveries may go out at once: they succeed
    const business = await createTestBusiness();
    const trpc = callerFor(business);
    const endpoint = await trpc.webhooks.setUrl({ url: receiver.url, ...submission() });
    const events = await Promise.all(
      [0, 1, 2].map(async (i) => {
        const id = crypto.randomUUID();
        await db().outboxEvent.create({
          data: { id, businessId: business.businessId, mode: "test", type: "webhook_test", payload: { id, type: "webhook_test", mode: "test", createdAt: new Date().toISOString(), data: { message: `m${i}` } }, dispatchedAt: new Date() },
        });
        return id;
      }),
    );
    const hourAgo = new Date(Date.now() - 3_600_000);
    const created = [new Date(Date.now() - 2 * 3_600_000), new Date(), new Date()];
    await db().webhookDelivery.createMany({
      data: events.map((eventId, i) => ({ endpointId: endpoint.id, eventId, eventType: "webhook_test", status: "failed" as const, attemptCount: 4, createdAt: created[i], completedAt: new Date() })),
    });

    await expect(callerFor(business, "viewer").webhooks.resendFailed({ since: hourAgo, ...submission() })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect(await trpc.webhooks.resendFailed({ since: hourAgo, ...submission() })).toEqual({ resent: 2 });
    expect(await trpc.webhooks.resendFailed({ since: hourAgo, ...submission() })).toEqual({ resent: 0 }); // a double click resends nothing more
    const statuses = await db().webhookDelivery.findMany({ where: { endpointId: endpoint.id }, orderBy: { createdAt: "asc" }, select: { status: true } });
    expect(statuses.map((d) => d.status === "failed")).toEqual([true, false, false]); // pending, or already delivered
    const audited = await db().auditLogEntry.findMany({ where: { businessId: business.businessId, action: "webhook.deliveries_resent" } });
    expect(audited).toHaveLength(1);
    expect(audited[0]!.metadata).toMatchObject({ count: 2 });
  });
});
