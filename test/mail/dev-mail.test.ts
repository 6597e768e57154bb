/**
 * /dev/mail: the messages the local SMTP server received, listed and shown in the browser, for
 * development and test runs only. An app without a capture folder (every real deployment, even
 * one left in development mode) answers 404.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { systemContext } from "@/server/context";
import { requestPasswordReset } from "@/server/accounts/request-password-reset";
import { createTestBusiness } from "../support/factories";
import { waitForMail } from "../support/mail";
import { startApp } from "../support/app";
import { startWorkerProcess, type WorkerProcess } from "../support/worker-process";

let worker: WorkerProcess;
beforeAll(async () => {
  worker = await startWorkerProcess();
});
afterAll(() => worker?.stop());

const page = async (url: string) => {
  const res = await fetch(url);
  return { status: res.status, html: await res.text() };
};

describe("/dev/mail", () => {
  it("lists the received messages (to, subject, time) and shows one with its link clickable", async () => {
    const biz = await createTestBusiness();
    await requestPasswordReset(systemContext("test"), { email: biz.email }, `198.18.1.${Math.floor(Math.random() * 250)}`);
    await waitForMail(biz.email, /Reset your Hubi password/);

    const list = await page(`${inject("baseUrl")}/dev/mail`);
    expect(list.status).toBe(200);
    const row = list.html.split("<tr").find((r) => r.includes(biz.email));
    expect(row).toContain("Reset your Hubi password");
    expect(row).toMatch(/\d{4}.*UTC/);
    const id = row!.match(/href="\/dev\/mail\/([\w-]+)"/)![1];

    const one = await page(`${inject("baseUrl")}/dev/mail/${id}`);
    expect(one.status).toBe(200);
    expect(one.html).toContain("The link works once, for 30 minutes.");
    expect(one.html).toMatch(/<a href="http:\/\/127\.0\.0\.1:\d+\/reset-password\/[\w-]{43}"/);
    expect(one.html).toContain("<iframe");
    expect((await page(`${inject("baseUrl")}/dev/mail/..%2F..%2Fetc%2Fpasswd`)).status).toBe(404);
  });
});

describe("without a capture folder", () => {
  let app: Awaited<ReturnType<typeof startApp>>;
  beforeAll(async () => {
    app = await startApp({ name: "vitest-app-no-mail-capture", env: { MAIL_CAPTURE_DIR: "" } });
  });
  afterAll(() => app?.stop());

  it("/dev/mail and its messages are a 404", async () => {
    expect((await page(`${app.url}/dev/mail`)).status).toBe(404);
    expect((await page(`${app.url}/dev/mail/1763900000000-${randomUUID().slice(0, 8)}`)).status).toBe(404);
  });
});
