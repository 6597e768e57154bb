import { Webhook } from "standardwebhooks";
import { describe, expect, it } from "vitest";
import { Hubi, WebhookVerificationError, type WebhookEvent } from "../src/index.js";

// The reference implementation signs; our verifier must accept exactly what it produces.
const SECRET = `whsec_${btoa("a-32-byte-secret-for-hmac-sha256")}`;
const OTHER_SECRET = `whsec_${btoa("another-secret-of-32-bytes-long!")}`;

const event: WebhookEvent = {
  id: "0f6c1a52-9d8e-4a57-b1f4-2c4b7e0d9a11",
  type: "credits_low",
  mode: "live",
  createdAt: "2026-11-22T09:30:00.000Z",
  data: { balance: 99, threshold: 100 },
};
const payload = JSON.stringify(event);
const now = new Date("2026-11-22T09:30:05Z");

function delivery(secret = SECRET, at = now, body = payload) {
  return {
    "webhook-id": event.id,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": new Webhook(secret).sign(event.id, at, body),
  };
}

const verify = (body: string, headers: Parameters<typeof Hubi.webhooks.verify>[1], secret = SECRET) =>
  Hubi.webhooks.verify(body, headers, secret, { now: now.getTime() });

describe("Hubi.webhooks.verify", () => {
  it("accepts a Standard Webhooks signature and returns the typed event (plain-object headers)", async () => {
    await expect(verify(payload, delivery())).resolves.toEqual(event);
  });

  it("accepts a fetch Headers object", async () => {
    await expect(verify(payload, new Headers(delivery()))).resolves.toEqual(event);
  });

  it("accepts when any of several signatures matches (secret rotation)", async () => {
    const headers = delivery();
    const rotated = { ...headers, "webhook-signature": `${delivery(OTHER_SECRET)["webhook-signature"]} ${headers["webhook-signature"]}` };
    await expect(verify(payload, rotated)).resolves.toEqual(event);
  });

  it.each([
    ["a tampered body", () => verify(payload.replace("99", "98"), delivery())],
    ["another secret", () => verify(payload, delivery(OTHER_SECRET))],
    ["a timestamp 6 minutes old", () => verify(payload, delivery(SECRET, new Date(now.getTime() - 6 * 60_000)))],
    ["a timestamp 6 minutes ahead", () => verify(payload, delivery(SECRET, new Date(now.getTime() + 6 * 60_000)))],
    ["a missing signature header", () => verify(payload, { ...delivery(), "webhook-signature": undefined })],
    ["an unknown signature version", () => verify(payload, { ...delivery(), "webhook-signature": delivery()["webhook-signature"].replace("v1,", "v2,") })],
    ["a secret without whsec_", () => verify(payload, delivery(), SECRET.slice("whsec_".length))],
  ])("rejects %s", async (_, attempt) => {
    await expect(attempt()).rejects.toBeInstanceOf(WebhookVerificationError);
  });

  it("accepts a timestamp within 5 minutes", async () => {
    await expect(verify(payload, delivery(SECRET, new Date(now.getTime() - 4 * 60_000)))).resolves.toEqual(event);
  });
});

describe("Hubi.webhooks.sign", () => {
  it("signs as Hubi does: the reference implementation and our verifier both accept it", async () => {
    const headers = await Hubi.webhooks.sign(payload, SECRET, { id: event.id, timestamp: Math.floor(now.getTime() / 1000) });
    expect(headers).toEqual(delivery());
    await expect(Hubi.webhooks.verify(payload, headers, SECRET, { now: now.getTime() })).resolves.toEqual(event);
  });

  it("defaults to a fresh id and the current time, and the signature breaks with another secret", async () => {
    const headers = await Hubi.webhooks.sign(payload, SECRET);
    expect(headers["webhook-id"]).toMatch(/^[0-9a-f-]{36}$/);
    await expect(Hubi.webhooks.verify(payload, headers, SECRET)).resolves.toEqual(event);
    expect(new Webhook(SECRET).verify(payload, headers)).toEqual(event);
    const error = await Hubi.webhooks.verify(payload, headers, OTHER_SECRET).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WebhookVerificationError);
    expect(error).toMatchObject({ code: "WEBHOOK_VERIFICATION_FAILED", docUrl: "https://api.hubi.so/docs/guide#error-webhook-verification-failed" });
  });
});
