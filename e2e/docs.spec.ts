/**
 * The docs work offline and look right (product rules §23): the API reference makes no request
 * outside the deployment, lays out at desktop and phone widths, and "send request" calls this
 * deployment with the key the reader entered once. The guide's examples name this deployment and
 * copy with one click.
 */
import type { Page, Request } from "@playwright/test";
import { pool } from "@/server/db/client";
import { expect, screenshotPath, test } from "./fixtures";
import { createTestBusiness } from "../test/support/factories";

const origin = () => new URL(process.env.E2E_BASE_URL!).origin;

function recordForeignRequests(page: Page): string[] {
  const foreign: string[] = [];
  page.on("request", (request: Request) => {
    const url = new URL(request.url());
    if (url.origin !== origin() && !["data:", "blob:"].includes(url.protocol)) foreign.push(request.url());
  });
  return foreign;
}

test("the API reference stays on the deployment and fits a desktop and a phone", async ({ page }) => {
  const foreign = recordForeignRequests(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/docs");
  await expect(page.getByRole("heading", { name: "Hubi API", level: 1 })).toBeVisible();
  const sidebar = page.getByRole("navigation", { name: "Sidebar for Hubi API" });
  expect((await sidebar.boundingBox())!.width).toBeLessThan(400);
  // The vendor's stylesheet is what keeps its icons (client-library logos among them) icon-sized.
  const widest = await page.locator("main svg, main img").evaluateAll((els) => Math.max(0, ...els.map((e) => e.getBoundingClientRect().width)));
  expect(widest).toBeLessThan(64);
  await expect(page.getByRole("button", { name: /Download OpenAPI Document/ })).toHaveCount(1);
  await page.screenshot({ path: screenshotPath("docs-reference-1366") });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sidebar).toBeHidden();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: screenshotPath("docs-reference-390") });
  await page.waitForLoadState("networkidle");
  expect(foreign).toEqual([]);
});

test("send request calls this deployment with the key entered once, also after a reload", async ({ page }) => {
  const business = await createTestBusiness();
  const foreign = recordForeignRequests(page);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/docs");
  await page.getByRole("textbox", { name: "Bearer Token" }).fill(business.testKey);

  const send = async () => {
    await page.getByRole("button", { name: "Test Request (post /verify/citizen)" }).click();
    const client = page.getByRole("dialog");
    const response = page.waitForResponse((r) => r.url() === `${origin()}/api/v1/verify/citizen` && r.request().method() === "POST");
    await client.getByRole("button", { name: /^Send post request/ }).click();
    expect((await response).status()).toBe(200);
    await client.getByRole("button", { name: "Close Client" }).click();
  };
  await send();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Hubi API", level: 1 })).toBeVisible();
  await send();

  const { rows } = await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM verification WHERE business_id = $1", [business.businessId]);
  expect(rows[0]!.n).toBe(2);
  expect(foreign).toEqual([]);
});

test("the guide's examples name this deployment and copy with one click", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.goto("/docs/guide");
  const firstExample = page.locator("figure").filter({ hasText: "curl" }).first();
  await expect(firstExample.locator("code")).toContainText(`curl ${origin()}/api/v1/verify/citizen`);
  await firstExample.getByRole("button", { name: "Copy curl" }).click();
  await expect(firstExample.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe((await firstExample.locator("code").textContent())!.trim());
});
