/**
 * Password reset end to end, as a user does it: "Forgot password?" on the sign-in page, the email
 * opened in the local mail catcher at /dev/mail, its link, a new password, a sign-in with it, and
 * the same link refused afterwards.
 */
import { createTestBusiness } from "../test/support/factories";
import { testWithMail as test, expect, signInAs } from "./fixtures";
import { followEmailLink } from "./portal";

test("forgot password → email at /dev/mail → new password → sign in; the link works once", async ({ page, browser }) => {
  // An owner who signed up already (e2e/portal-journey.spec.ts goes through the sign-up form).
  const creds = await createTestBusiness({ name: "Reset Microfinance" });
  await signInAs(page, creds);
  // A second browser stays signed in with the old password: the reset ends its session.
  const other = await browser.newPage({ baseURL: process.env.E2E_BASE_URL });
  await signInAs(other, creds);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("button", { name: "Sign out" })).toBeHidden();

  await page.goto("/sign-in");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  // The sign-in page has an Email field too: fill only once this page has replaced it.
  await expect(page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
  await page.getByLabel("Email").fill(creds.email);
  await page.getByRole("button", { name: "Email me a link" }).click();
  await expect(page.getByRole("status")).toContainText(`If an account uses ${creds.email}, we have sent it a link`);

  const oldLink = await followEmailLink(page, creds.email, "Reset your Hubi password", "/reset-password/");

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
