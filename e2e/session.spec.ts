/**
 * A session that ends (signed out everywhere from another browser, or expired) and a link opened
 * while signed out both lead to sign-in and, after it, back to the page the reader was on. The
 * notice on the sign-in page is checked in English and in Somali. Before the page is interactive,
 * its form cannot be sent natively (its fields in the address).
 */
import type { Page } from "@playwright/test";
import { expect, signInAs, test, type Credentials } from "./fixtures";
import { verifyViaApi } from "./portal";
import { createTestBusiness } from "../test/support/factories";

/** Signs in on the sign-in page the app sent the reader to, keeping its return address. */
async function signInHere(page: Page, creds: Credentials) {
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Sign in" }).click();
}

test("a session ended from another browser sends the open tab to sign-in and back to its page", async ({ page, browser }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);
  await page.goto("/keys");
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();

  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await signInAs(other, business);
  await other.goto("/account");
  // Settled before the click: the page's own queries have answered (both sessions listed). A
  // click while the page was still settling once sent nothing (CI, a loaded machine).
  await expect(other.getByRole("table", { name: "Active sessions" }).getByRole("row")).toHaveCount(3);
  await other.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(other.getByRole("heading", { name: "Sign in to Hubi" })).toBeVisible();
  await elsewhere.close();

  // The open tab still shows the keys page; its next action finds the session gone.
  await page.getByRole("button", { name: "Create key" }).click();
  await page.getByRole("dialog").getByLabel("Name").fill("After sign-out");
  await page.getByRole("dialog").getByRole("button", { name: "Create key" }).click();
  await page.waitForURL((url) => url.pathname === "/sign-in");
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/keys");
  await expect(page.getByText("You were signed out. Sign in again to continue where you were.")).toBeVisible();

  // In Somali, the reader chooses it on the sign-in page: the same notice, the same return address.
  await page.getByRole("combobox", { name: "Language" }).selectOption("so");
  await expect(page.getByText("Waa lagaa saaray akoonka. Fadlan soo gal mar kale si aad uga sii wadato meeshii aad joogtay.")).toBeVisible();
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe("/keys");
  await page.getByLabel("Iimayl").fill(business.email);
  await page.getByLabel("Erayga sirta ah").fill(business.password);
  await page.getByRole("button", { name: "Soo gal" }).click();
  await page.waitForURL((url) => url.pathname === "/keys");
  await expect(page.getByRole("heading", { name: "API keys", level: 1 })).toBeVisible();
});

test("a deep link opened while signed out returns to its page after sign-in", async ({ page, request }) => {
  const business = await createTestBusiness();
  const verified = await (await verifyViaApi(request, business.testKey, { nationalId: "11111111111" })).json();
  const path = `/history/${verified.data.id}`;

  await page.goto(path);
  await page.waitForURL((url) => url.pathname === "/sign-in");
  expect(new URL(page.url()).searchParams.get("callbackUrl")).toBe(path);

  await signInHere(page, business);
  await page.waitForURL((url) => url.pathname === path);
  await expect(page.getByText(verified.data.reference).first()).toBeVisible();
});

test("until the page's script runs, the sign-in form cannot be sent: no password ever travels in the address", async ({ browser }) => {
  // A page whose script never runs stands for the moments before it does, on a slow connection.
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/sign-in");
  await expect(page.getByRole("button", { name: "Sign in" })).toBeDisabled();
  await page.getByLabel("Email").fill("reader@example.test");
  await page.getByLabel("Password").fill("a password 1234");
  await page.getByLabel("Password").press("Enter");
  await page.waitForLoadState("load");
  expect(page.url()).not.toContain("password");
  await context.close();
});
