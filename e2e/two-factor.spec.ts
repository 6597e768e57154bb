/** Two-factor sign-in in the browser: enrolment, sign-in with a code and with a recovery code, admins made to enrol, sessions ended. */
import { randomUUID } from "node:crypto";
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { systemContext } from "@/server/context";
import { createAdmin } from "@/server/accounts/create-admin";
import { test, expect, signInAs } from "./fixtures";
import { createTestBusiness } from "../test/support/factories";
import { codeFor } from "../test/support/two-factor";

/** Turns two-factor sign-in on from the account page, as a user with an authenticator app would. */
async function enrolInBrowser(page: import("@playwright/test").Page, userId: string) {
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  const secret = decodeBase32IgnorePadding((await page.getByTestId("totp-secret").textContent())!.trim());
  await page.getByLabel("2. Enter the 6-digit code it shows").fill("000000");
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByText("That code is not right")).toBeVisible();
  await page.getByLabel("2. Enter the 6-digit code it shows").fill(await codeFor(userId, secret));
  await page.getByRole("button", { name: "Confirm and turn on" }).click();
  await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
  const codes = (await page.getByTestId("recovery-codes").getByRole("listitem").allTextContents()).map((c) => c.trim());
  expect(codes).toHaveLength(10);
  // On from the confirmation: the badge agrees with "Two-factor sign-in is on." while the codes show.
  await expect(page.getByText("On", { exact: true })).toBeVisible();
  await expect(page.getByText("Off", { exact: true })).toHaveCount(0);
  await page.getByRole("button", { name: "I have saved them" }).click();
  await expect(page.getByText("On", { exact: true })).toBeVisible();
  return { secret, codes };
}

async function signOut(page: import("@playwright/test").Page) {
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Hubi" })).toBeVisible();
}

test("an owner turns on two-factor sign-in, then signs in with a code, and with a recovery code once", async ({ page }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);
  await page.goto("/account");
  const { secret, codes } = await enrolInBrowser(page, business.userId);
  await signOut(page);

  // The password alone is not enough any more.
  await page.getByLabel("Email").fill(business.email);
  await page.getByLabel("Password").fill(business.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByLabel("Authentication code").fill("123456");
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByText("That code is not right. Enter the current code")).toBeVisible();
  await page.getByLabel("Authentication code").fill(await codeFor(business.userId, secret));
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

  // Lost phone: a recovery code works once.
  await page.goto("/account");
  await signOut(page);
  for (const expected of ["signed in", "refused"] as const) {
    await page.getByLabel("Email").fill(business.email);
    await page.getByLabel("Password").fill(business.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByLabel("Authentication code").fill(codes[3]!);
    await page.getByRole("button", { name: "Sign in" }).click();
    if (expected === "signed in") {
      await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
      await page.goto("/account");
      await signOut(page);
    } else {
      await expect(page.getByText("That code is not right. Enter the current code")).toBeVisible();
    }
  }
});

test("a new platform admin must turn on two-factor sign-in before the console opens", async ({ page }) => {
  const creds = { email: `admin-${randomUUID()}@hubi.test`, password: "admin password 123" };
  const { userId } = await createAdmin(systemContext("e2e"), { ...creds, name: "New Admin" });
  await signInAs(page, creds);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/account\?required=two-factor/);
  await expect(page.getByText("Platform admins must sign in with a second factor")).toBeVisible();
  await enrolInBrowser(page, userId);
  await page.goto("/admin");
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
});

test("signing out everywhere ends the sessions of other browsers at once", async ({ page, browser }) => {
  const business = await createTestBusiness();
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await signInAs(otherPage, business);
  await expect(otherPage.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

  // A browser that signs out the usual way is gone from the list.
  const third = await browser.newContext();
  const thirdPage = await third.newPage();
  await signInAs(thirdPage, business);
  await thirdPage.getByRole("button", { name: "Sign out" }).click();
  await expect(thirdPage.getByRole("heading", { name: "Sign in to Hubi" })).toBeVisible();
  await third.close();

  await signInAs(page, business);
  await page.goto("/account");
  const sessions = page.getByRole("table", { name: "Active sessions" });
  await expect(sessions.getByRole("row")).toHaveCount(3); // header + two browsers
  await expect(sessions.getByText("This browser")).toHaveCount(1);
  await page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Hubi" })).toBeVisible();

  await otherPage.goto("/history");
  await expect(otherPage).toHaveURL(/\/sign-in/);
  await other.close();
});
