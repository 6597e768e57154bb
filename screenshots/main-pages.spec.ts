/**
 * Screenshots of the main pages, in both languages and at a desktop and a phone width, of a
 * business with a little history (a key, verifications, a webhook endpoint) and of the admin
 * console. The language is the one saved with each account, as a user's switcher would save it.
 */
import type { Page } from "@playwright/test";
import { db } from "@/server/db/client";
import { LOCALES, type Locale } from "@/i18n/locales";
import { testWithMail as test, expect, signInAs, type Credentials } from "../e2e/fixtures";
import { createKeyInUi, expectNoClippedAction, signUp, verifyViaApi } from "../e2e/portal";

const WIDTHS = [
  { name: "desktop", width: 1366, height: 900 },
  { name: "phone", width: 390, height: 844 },
];
// Every page with a table is here (the clipped-action check runs on each), and the overview and verify pages.
const PORTAL_PAGES = ["overview", "verify", "history", "batches", "keys", "request-log", "webhooks", "credits", "team", "account"];
const ADMIN_PAGES = [
  { path: "/admin", name: "admin-dashboard" },
  { path: "/admin/businesses", name: "admin-businesses" },
  { path: "/admin/audit", name: "admin-audit" },
  { path: "/admin/registry", name: "admin-registry" },
];

const saveLocale = (email: string, locale: Locale) => db().user.update({ where: { email }, data: { locale } });

/** Each page once loaded (no spinner left); the long guide as the reader first sees it. */
async function shoot(page: Page, path: string, name: string, fullPage = true) {
  for (const size of WIDTHS) {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto(path);
    await expect(page.locator("main h1").first()).toBeVisible();
    await expect(page.locator('[role="status"] .animate-spin')).toHaveCount(0);
    await expectNoClippedAction(page);
    await page.screenshot({ path: `docs/screenshots/${name}-${size.name}.png`, fullPage });
  }
}

test("main pages in English and Somali, desktop and phone", async ({ page, request, admin }) => {
  const owner: Credentials = await signUp(page, "Hodan Microfinance");
  const key = await createKeyInUi(page, "Core banking server");
  for (const nationalId of ["11111111111", "22222222222", "33333333333"]) {
    expect((await verifyViaApi(request, key, { nationalId, purpose: "Account opening" })).ok()).toBe(true);
  }
  await page.goto("/webhooks");
  await page.getByLabel("Endpoint URL").fill("https://hooks.hodan.so/hubi");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Enabled.")).toBeVisible();

  for (const locale of LOCALES) {
    await saveLocale(owner.email, locale);
    for (const name of PORTAL_PAGES) await shoot(page, `/${name}`, `${locale}-${name}`);
    await shoot(page, "/docs/guide", `${locale}-docs-guide`, false);
  }

  await page.context().clearCookies();
  await signInAs(page, admin);
  for (const locale of LOCALES) {
    await saveLocale(admin.email, locale);
    for (const { path, name } of ADMIN_PAGES) await shoot(page, path, `${locale}-${name}`);
  }
});
