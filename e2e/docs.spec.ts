/**
 * The docs work offline and look right (product rules §23): the API reference makes no request
 * outside the deployment, lays out at desktop and phone widths, and "send request" calls this
 * deployment with a sandbox key minted for a signed-in developer (one active at a time), or a key
 * typed in and never stored. The guide's examples name this deployment and
 * copy with one click.
 */
import type { Page, Request } from "@playwright/test";
import { pool } from "@/server/db/client";
import { expect, screenshotPath, signInAs, test } from "./fixtures";
import { expectReferenceShown } from "./portal";
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
  // Rendered on the server too: monitors and crawlers get a 200, not a 500.
  expect((await page.goto("/docs"))!.status()).toBe(200);
  await expectReferenceShown(page);
  const sidebar = page.getByRole("navigation", { name: "Sidebar for Hubi API" });
  expect((await sidebar.boundingBox())!.width).toBeLessThan(400);
  // The vendor's stylesheet is what keeps its icons (client-library logos among them) icon-sized.
  const widest = await page.locator("main svg, main img").evaluateAll((els) => Math.max(0, ...els.map((e) => e.getBoundingClientRect().width)));
  expect(widest).toBeLessThan(64);
  await expect(page.getByRole("button", { name: /Download OpenAPI Document/ })).toHaveCount(1);
  await page.screenshot({ path: screenshotPath("docs-reference-1366") });

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(sidebar).toBeHidden();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await page.screenshot({ path: screenshotPath("docs-reference-390") });
  await page.waitForLoadState("networkidle");
  expect(foreign).toEqual([]);
});

/** Everything the reference keeps in this browser, as one string: no key may be in it. */
const storedText = (page: Page) => page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }));

async function sendVerify(page: Page) {
  await page.getByRole("button", { name: "Test Request (post /verify/citizen)" }).click();
  const client = page.getByRole("dialog");
  const response = page.waitForResponse((r) => r.url() === `${origin()}/api/v1/verify/citizen` && r.request().method() === "POST");
  await client.getByRole("button", { name: /^Send post request/ }).click();
  expect((await response).status()).toBe(200);
  // The response shows beside the request, on screen: Send visibly does something.
  const status = client.getByText("200 OK", { exact: true });
  await expect(status).toBeInViewport();
  expect((await status.boundingBox())!.x).toBeGreaterThan(page.viewportSize()!.width / 2);
  await client.getByRole("button", { name: "Close Client" }).click();
}

test("a signed-in developer sends requests from the reference without typing a key", async ({ page }) => {
  const business = await createTestBusiness();
  const foreign = recordForeignRequests(page);
  await signInAs(page, business);
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/docs");
  await expect(page.getByText("Send request uses a sandbox key made for you on this page")).toBeVisible();
  await sendVerify(page);

  const { rows } = await pool().query<{ n: number }>("SELECT count(*)::int AS n FROM verification WHERE business_id = $1 AND mode = 'test'", [business.businessId]);
  expect(rows[0]!.n).toBe(1);
  expect(await storedText(page)).not.toContain("hubi_test_");

  // A second visit gets a fresh key that works, and the first visit's key no longer does: one active key per reader.
  await page.reload();
  await expect(page.getByText("Send request uses a sandbox key made for you on this page")).toBeVisible();
  await sendVerify(page);
  const keys = await pool().query<{ active: boolean }>(
    "SELECT revoked_at IS NULL AND expires_at > now() AS active FROM api_key WHERE business_id = $1 AND name = 'API reference'",
    [business.businessId],
  );
  expect(keys.rows.map((k) => k.active).sort()).toEqual([false, true]);
  expect(foreign).toEqual([]);
});

test("a key typed into the reference is used but never kept in the browser", async ({ page }) => {
  const business = await createTestBusiness();
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.goto("/docs");
  await page.getByRole("textbox", { name: "Bearer Token" }).fill(business.testKey);
  await sendVerify(page);
  expect(await storedText(page)).not.toContain(business.testKey.slice(-12));

  // The page opened again, as the reader would come back to it. Not a reload: sending put the
  // operation's anchor in the address, and at an anchor the reference renders that operation first
  // and the rest (its title, the key's box) when the browser is next idle, late on a loaded machine.
  await page.goto("/docs");
  await expectReferenceShown(page);
  await expect(page.getByRole("textbox", { name: "Bearer Token" })).toHaveValue("");
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
