/**
 * Password reset end to end, as a user does it: "Forgot password?" on the sign-in page, the email
 * opened in the local mail catcher at /dev/mail, its link, a new password, a sign-in with it, and
 * the same link refused afterwards.
 */
import { test as base, expect, signInAs } from "./fixtures";
import { signUp } from "./portal";
import { startWorkerProcess, type WorkerProcess } from "../test/support/worker-process";

/** A real worker process sends the queued email, only while this spec's test runs. */
const test = base.extend<{ worker: WorkerProcess }>({
  worker: [
    async ({}, use) => {
      const worker = await startWorkerProcess();
      await use(worker);
      await worker.stop();
    },
    { auto: true },
  ],
});

test("forgot password → email at /dev/mail → new password → sign in; the link works once", async ({ page, browser }) => {
  const creds = await signUp(page, "Reset Microfinance");
  // A second browser stays signed in with the old password: the reset ends its session.
  const other = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
  await signInAs(other, creds);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(creds.email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account uses ${creds.email}, we have sent it a link`);

  // The worker sends it within a second or two: reload the mail catcher until it is there.
  await page.goto("/dev/mail");
  const row = page.getByRole("row").filter({ hasText: creds.email });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await row.getByRole("link", { name: "Reset your Hubi password" }).click();
  const link = page.getByTestId("mail-text").getByRole("link", { name: /\/reset-password\// });
  const oldLink = (await link.getAttribute("href"))!;
  await link.click();

  await expect(page.getByRole("heading", { name: "Choose a new password" })).toBeVisible();
  await page.getByLabel("New password", { exact: true }).fill("my new e2e password 99");
  await page.getByLabel("New password again").fill("my new e2e password 99");
  await page.getByRole("button", { name: "Set the new password" }).click();
  await expect(page.getByRole("status")).toContainText("You were signed out everywhere");

  await signInAs(page, { email: creds.email, password: "my new e2e password 99" });
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

  // The other browser's session has ended: its next page asks it to sign in.
  await other.goto("/overview");
  await expect(other).toHaveURL(/\/sign-in/);

  await page.goto(oldLink);
  await expect(page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
  await other.close();
});
