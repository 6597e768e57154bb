/**
 * What the registry's answers and its health look like in the portal (product rules §26, §27): a
 * holder the registry records as deceased is its own outcome in the usage chart and the history
 * filter, and the "registry degraded" banner shows while any process's circuit to the gateway is
 * open, and goes once it has closed. A verification whose lookup goes on after its 202 is pending
 * in the history and the request log, and shows its result in both once the lookup lands.
 */
import { pool } from "@/server/db/client";
import { SANDBOX_IDS } from "@/contracts/sandbox";
import { expect, signInAs, test } from "./fixtures";
import { findInRequestLog, setMode, verifyViaApi } from "./portal";
import { createTestBusiness, uniqueNationalId } from "../test/support/factories";
import { seedCitizens } from "../test/support/batches";
import { SLOW_IDS } from "../test/support/env";

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

test("a pending verification in the history, its page and the request log; the other's result once its lookup lands", async ({ page, request }) => {
  const business = await createTestBusiness({ live: true, credits: 5 });
  await seedCitizens([{ nationalId: SLOW_IDS.hung }]);
  const asyncVerify = (nationalId: string) =>
    request.post("/api/v1/verify/citizen", { headers: { authorization: `Bearer ${business.liveKey}`, prefer: "respond-async" }, data: { nationalId } });
  // The test registry answers the second after 5 s, well past the 202's budget of 1.5 s, and never the first.
  const [held, slow] = await Promise.all([asyncVerify(SLOW_IDS.never), asyncVerify(SLOW_IDS.hung)]);
  expect([held.status(), slow.status()]).toEqual([202, 202]);
  const [heldData, slowData] = [(await held.json()).data, (await slow.json()).data];
  // The first's lookup, as if another process held it for an hour: the attempt its request made
  // (6 s long) lands nothing, and this stack runs no worker to take the lookup up: it stays pending.
  const taken = await pool().query(
    "UPDATE pending_lookup SET lease_id = gen_random_uuid(), leased_until = now() + interval '1 hour' WHERE id = $1 AND state = 'waiting'",
    [heldData.id],
  );
  expect(taken.rowCount).toBe(1);
  try {
    await signInAs(page, business);
    await page.goto("/history");
    await setMode(page, "live");
    const rowOf = (reference: string) => page.getByRole("table", { name: "Verifications" }).getByRole("row").filter({ hasText: reference });
    await expect(rowOf(heldData.reference)).toContainText("Pending");
    await expect(async () => {
      await page.reload();
      await expect(rowOf(slowData.reference)).toContainText("Verified", { timeout: 1_000 });
    }).toPass({ timeout: 20_000 });

    await rowOf(heldData.reference).getByRole("link", { name: heldData.reference }).click();
    await expect(page).toHaveURL(new RegExp(`/history/${heldData.id}$`));
    await expect(page.getByRole("main")).toContainText("Pending");

    // The request log: each 202 with what its verification is now.
    for (const [response, outcome] of [[held, "Pending"], [slow, "Verified"]] as const) {
      const requestId = response.headers()["x-request-id"]!;
      await findInRequestLog(page, requestId);
      const row = page.getByRole("row").filter({ hasText: requestId });
      await expect(row).toContainText("202");
      await expect(row).toContainText(outcome);
    }
  } finally {
    // A lookup still waiting after 30 s would raise every business's "registry degraded" banner for
    // the rest of this worker's tests.
    await pool().query("DELETE FROM pending_lookup WHERE id = $1", [heldData.id]);
  }
});
