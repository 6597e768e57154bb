/** Revoking a key in the portal takes effect on the API at once; viewers never reach the keys. */
import { test, expect, signInAs } from "./fixtures";
import { createKeyInUi, keyAction, verifyViaApi } from "./portal";
import { createTestBusiness, createTestMember } from "../test/support/factories";

test("a key revoked in the portal is refused by the API on the next call", async ({ page, request }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);
  const key = await createKeyInUi(page, "Staging server");
  expect((await verifyViaApi(request, key, { nationalId: "22222222222" })).status()).toBe(200);

  await keyAction(page, "Staging server", "Revoke");
  await page.getByRole("dialog").getByRole("button", { name: "Revoke key" }).click();
  const row = page.getByRole("row").filter({ hasText: "Staging server" });
  await expect(row.getByRole("cell", { name: "revoked", exact: true })).toBeVisible();

  const refused = await verifyViaApi(request, key, { nationalId: "22222222222" });
  expect(refused.status()).toBe(401);
  expect((await refused.json()).message).toMatch(/revoked/i);
});

test("a viewer sees history and credits but cannot reach the keys page", async ({ page }) => {
  const business = await createTestBusiness();
  const viewer = await createTestMember(business.businessId, "viewer");
  await signInAs(page, { email: viewer.email, password: "correct horse battery staple" });
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Main" });
  await expect(nav.getByRole("link", { name: "History" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Credits" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "API keys" })).toHaveCount(0);

  await page.goto("/keys");
  await expect(page.getByRole("heading", { name: "You do not have access to this page" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create key" })).toHaveCount(0);

  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByRole("heading", { name: "Sign in to Hubi" })).toBeVisible();
  await page.goto("/history");
  await expect(page).toHaveURL(/\/sign-in/);
});
