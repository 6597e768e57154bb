/** Identity match in the portal: the verify form with a name to match, its trace in history and
 * on the certificate, and a match-only key created on the keys page. */
import { test, expect, signInAs } from "./fixtures";
import { verifyViaApi } from "./portal";
import { createTestBusiness } from "../test/support/factories";

test("verify with a name and date of birth to match; history and certificate keep only the results", async ({ page }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);

  await page.goto("/verify");
  await page.getByLabel("National ID").fill("11111111111");
  await page.getByLabel("Full name").fill("Aamina Xasan");
  await page.getByLabel("Date of birth").fill("1990-04-12");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("verify-message")).toHaveText("Citizen verified");
  const summary = page.getByTestId("match-summary");
  await expect(summary).toContainText("Partial match");
  await expect(summary).toContainText("Match");

  await page.goto("/history");
  const row = page.getByRole("row").filter({ hasText: "Partial match" });
  await expect(row).toHaveCount(1);
  await row.getByRole("link").click();
  await expect(page.getByRole("heading", { name: "Identity verification certificate" })).toBeVisible();
  await expect(page.getByTestId("match-summary")).toContainText("Partial match");
  await expect(page.locator("body")).not.toContainText("Aamina Xasan");
});

test("a match-only key made on the keys page gets match results and no citizen details", async ({ page, request }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);

  await page.goto("/keys");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("KYC backend");
  await dialog.getByLabel("Access").selectOption("match_only");
  await dialog.getByRole("button", { name: "Create key" }).click();
  const key = (await dialog.getByTestId("new-api-key").textContent())!.trim();
  await dialog.getByRole("button", { name: "Done" }).click();
  await expect(page.getByRole("row").filter({ hasText: "KYC backend" })).toContainText("Match only");

  const res = await verifyViaApi(request, key, { nationalId: "11111111111", match: { fullName: "Amina Hassan Abdi" } });
  const body = await res.json();
  expect(body.citizen).toBeNull();
  expect(body.match.fullName.result).toBe("match");
});
