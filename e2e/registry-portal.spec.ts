/**
 * What the registry's answers and its health look like in the portal (product rules §26, §27): a
 * holder the registry records as deceased is its own outcome in the usage chart and the history
 * filter, and the "registry degraded" banner shows while any process's circuit to the gateway is
 * open, and goes once it has closed.
 */
import { pool } from "@/server/db/client";
import { SANDBOX_IDS } from "@/contracts/sandbox";
import { expect, signInAs, test } from "./fixtures";
import { verifyViaApi } from "./portal";
import { createTestBusiness, uniqueNationalId } from "../test/support/factories";

test("deceased in the usage chart and the history filter; the banner while the registry's circuit is open", async ({ page, request }) => {
  const business = await createTestBusiness();
  for (const nationalId of [SANDBOX_IDS.deceased, uniqueNationalId()]) expect((await verifyViaApi(request, business.testKey, { nationalId })).status()).toBe(200);
  await signInAs(page, business);

  await page.goto("/overview");
  const chart = page.getByRole("figure", { name: /Bar chart of 2 verifications/ });
  await chart.locator(".recharts-bar-rectangle").first().hover();
  await expect(chart.locator(".recharts-tooltip-item", { hasText: "Deceased" })).toHaveText(/Deceased\s*:\s*1/);

  await page.goto("/history");
  const rows = page.getByRole("table", { name: "Verifications" }).locator("tbody tr");
  await expect(rows).toHaveCount(2);
  await page.getByLabel("Outcome").selectOption({ label: "Deceased" });
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Deceased");

  // A process publishes its circuit's state to the database (how every process's banner knows).
  const banner = page.getByRole("status").filter({ hasText: "The national registry is slow to answer right now" });
  await expect(banner).toHaveCount(0);
  await pool().query("INSERT INTO registry_breaker (process_id, state, updated_at) VALUES ('e2e-open-circuit', 'open', now())");
  try {
    await page.reload();
    await expect(banner).toBeVisible();
  } finally {
    await pool().query("DELETE FROM registry_breaker WHERE process_id = 'e2e-open-circuit'");
  }
  // Gone once the page has asked again: the health answer says so, and no banner is drawn.
  const health = page.waitForResponse((r) => r.url().includes("business.registryHealth"));
  await page.reload();
  expect(await (await health).text()).toContain('"state":"ok"');
  await expect(page.getByRole("table", { name: "Verifications" })).toBeVisible();
  await expect(banner).toHaveCount(0);
});
