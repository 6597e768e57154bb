/** Page helpers for the business portal, by visible labels, shared by the specs. */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import type { Credentials } from "./fixtures";

/**
 * Signs up as a new business, as a person does: the form, the confirmation email opened in the
 * local mail catcher, its link, and the password again. Needs the mail worker (testWithMail).
 */
export async function signUp(page: Page, businessName = "E2E Microfinance"): Promise<Credentials> {
  const creds = { email: `owner-${randomUUID()}@e2e.test`, password: "e2e password 1234" };
  await page.goto("/sign-up");
  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("Your name").fill("Edna Owner");
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("status")).toContainText(`We have sent an email to ${creds.email}.`);
  await followEmailLink(page, creds.email, "Confirm your email address for Hubi", "/confirm-email/");
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Confirm and sign in" }).click();
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  return creds;
}

/**
 * Opens the email to `to` titled `subject` in the local mail catcher (/dev/mail) and follows its
 * link to `pathPrefix`; returns the link. The worker sends within a second or two: the catcher is
 * reloaded until the email is there.
 */
export async function followEmailLink(page: Page, to: string, subject: string, pathPrefix: string): Promise<string> {
  await page.goto("/dev/mail");
  const row = page.getByRole("row").filter({ hasText: to }).filter({ hasText: subject });
  await expect(async () => {
    await page.reload();
    await expect(row).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await row.getByRole("link", { name: subject }).click();
  const link = page.getByTestId("mail-text").getByRole("link", { name: new RegExp(pathPrefix) });
  const href = (await link.getAttribute("href"))!;
  await link.click();
  return href;
}

/**
 * Creates a key on the API keys page (in the current mode) and returns the full key shown once.
 * The new key has the focus (what the dialog created, not the page body: issue 28 §8).
 */
export async function createKeyInUi(page: Page, name: string): Promise<string> {
  await page.goto("/keys");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create key" }).click();
  const shown = dialog.getByTestId("new-api-key");
  await expect(shown).toBeFocused();
  const key = (await shown.textContent())!.trim();
  await dialog.getByRole("button", { name: "Done" }).click();
  return key;
}

export async function verifyViaApi(request: APIRequestContext, key: string, body: Record<string, unknown>) {
  return request.post("/api/v1/verify/citizen", { headers: { authorization: `Bearer ${key}` }, data: body });
}

/** The request log is written in batches off the hot path: reload until the request shows up. */
export async function findInRequestLog(page: Page, requestId: string) {
  await page.goto("/request-log");
  await expect(async () => {
    await page.getByLabel("Request ID").fill(requestId);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("cell", { name: requestId, exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

export async function setMode(page: Page, mode: "test" | "live") {
  const toggle = page.getByRole("switch", { name: "Live mode" });
  if ((await toggle.getAttribute("aria-checked")) !== String(mode === "live")) await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", String(mode === "live"));
}

/** Opens a key's row menu on the API keys page and chooses one of its actions. */
export async function keyAction(page: Page, keyName: string, action: "Edit" | "Roll" | "Revoke") {
  await page.getByRole("button", { name: `Actions for ${keyName}` }).click();
  await page.getByRole("menu", { name: `Actions for ${keyName}` }).getByRole("menuitem", { name: action }).click();
}

/**
 * Every button and link in a table of the page's main content lies inside the part of the table on
 * screen: none is cut off by the table's scrolling region or by the window's edge (issue 28 §3).
 */
export async function expectNoClippedAction(page: Page) {
  const clipped = () => page.locator("main table").evaluateAll((tables) =>
    tables.flatMap((table) => {
      const view = (table.closest("[role=region]") ?? table).getBoundingClientRect();
      return Array.from(table.querySelectorAll("button, a"))
        .filter((el) => {
          const box = el.getBoundingClientRect();
          return box.width > 0 && (box.left < view.left - 1 || box.right > Math.min(view.right, window.innerWidth) + 1);
        })
        .map((el) => el.textContent?.trim() || el.getAttribute("aria-label") || el.tagName);
    }),
  );
  // Polled: after a resize, the layout settles a render later.
  await expect.poll(clipped, { message: `actions cut off on ${new URL(page.url()).pathname} at ${page.viewportSize()?.width} px` }).toEqual([]);
}

/**
 * Waits for the API reference's first render. The vendor's bundle parses and lays out the whole
 * OpenAPI document in the browser: 2–4 s of one core on an idle machine, ten times that while both
 * suites load this 2-core machine, so its own budget (a clicked action has the test's) rather than
 * the 15 s an assertion usually gets.
 */
export async function expectReferenceShown(page: Page) {
  await expect(page.getByRole("heading", { name: "Hubi API", level: 1 })).toBeVisible({ timeout: 60_000 });
}
