/**
 * Playwright fixtures shared by every spec: the app's base URL, and factories that create real
 * accounts through the same services as the product (see test/support/factories.ts).
 */
import { test as base, expect, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { systemContext } from "@/server/context";
import { disconnect } from "@/server/db/client";
import { createAdmin } from "@/server/accounts/create-admin";
import { codeFor, enrolTwoFactor } from "../test/support/two-factor";
import { startWorkerProcess, type WorkerProcess } from "../test/support/worker-process";
import { startTestStack } from "../test/support/stack";

/** How a test signs in: with `twoFactor`, the code an authenticator app would show is entered too. */
export type Credentials = { email: string; password: string; twoFactor?: { userId: string; secret: Uint8Array } };

/**
 * A client address of its own (TEST-NET-2, RFC 5737) for each browser context. Sign-ins are
 * throttled per address as well as per email, and every test's browser is really one machine:
 * without this, the suite's own sign-ins would trip the per-address limit.
 */
const clientAddress = () => `198.51.100.${1 + Math.floor(Math.random() * 254)}`;

export const test = base.extend<{ admin: Credentials }, { stack: void }>({
  /**
   * A fresh database and production server for each Playwright worker, started before its first
   * test. Its environment becomes the worker's: E2E_BASE_URL for the browser, DATABASE_URL for
   * fixtures that use services, SMTP_URL and MAIL_CAPTURE_DIR for the mail workers the specs
   * start, NEXTAUTH_URL for where links in their emails lead. The portal's batches page needs rows
   * processed: this app runs its batch worker (the API tests start their own).
   */
  stack: [
    async ({}, use, workerInfo) => {
      const { env, app, stop } = await startTestStack({ name: `e2e-app-${workerInfo.parallelIndex}`, appEnv: { BATCH_WORKER_IN_APP: "true" } });
      Object.assign(process.env, env, { E2E_BASE_URL: app.url, NEXTAUTH_URL: app.url });
      await use();
      // This worker's own connections (fixtures call services) close before their database goes:
      // dropped under them, each logged an error.
      try {
        await disconnect();
      } finally {
        await stop();
      }
    },
    // Starting PostgreSQL, migrating it and starting the app: a minute or more on a loaded machine.
    { scope: "worker", auto: true, timeout: 240_000 },
  ],
  baseURL: async ({}, use) => use(process.env.E2E_BASE_URL),
  context: async ({ context }, use) => {
    await context.setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
    await use(context);
  },
  // One connection per API call: Playwright's client keeps idle sockets alive, and a socket left
  // idle while the page works past the server's keep-alive timeout can be closed by the server just
  // as it is reused, which fails the call with ECONNRESET by chance.
  request: async ({ playwright, baseURL }, use) => {
    const request = await playwright.request.newContext({ baseURL, extraHTTPHeaders: { connection: "close" } });
    await use(request);
    await request.dispose();
  },
  // Admins must sign in with a second factor: this one has enrolled already.
  admin: async ({}, use) => {
    const creds = { email: `admin-${randomUUID()}@hubi.test`, password: "admin password 123" };
    const { userId } = await createAdmin(systemContext("e2e"), { ...creds, name: "E2E Admin" });
    const { secret } = await enrolTwoFactor(userId);
    await use({ ...creds, twoFactor: { userId, secret } });
  },
});

/**
 * For specs whose journey reads an email (a sign-up's confirmation, a password reset): a real
 * worker process sends the queued emails while each of their tests runs. The test gets the slow
 * budget (three times the usual): starting the worker and a round trip through it, the mail server
 * and /dev/mail come on top of its journey.
 */
export const testWithMail = test.extend<{ mailWorker: WorkerProcess }>({
  mailWorker: [
    async ({}, use, testInfo) => {
      testInfo.slow();
      const worker = await startWorkerProcess();
      await use(worker);
      await worker.stop();
    },
    { auto: true },
  ],
});

export { expect };

/** Where screenshots of the main pages are kept as test artifacts. */
export const screenshotPath = (name: string) => `artifacts/screenshots/${name}.png`;

export async function signInAs(page: Page, creds: Credentials): Promise<void> {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": clientAddress() });
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  if (creds.twoFactor) {
    await page.getByLabel("Authentication code").fill(await codeFor(creds.twoFactor.userId, creds.twoFactor.secret));
    await page.getByRole("button", { name: "Sign in" }).click();
  }
  // Signed in once the form has navigated away (to the callback URL or the overview).
  await page.waitForURL((url) => url.pathname !== "/sign-in");
}
