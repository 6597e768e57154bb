/**
 * What a user trips over (issue 12 §5): the front door and the 404, admins landing in the console,
 * the suspended banner, finding a verification in the history, confirming role changes, and the
 * credits page's ledger links and buying instructions.
 */
import { randomUUID } from "node:crypto";
import { adminContext } from "../test/support/contexts";
import { createTestBusiness, createTestMember, uniqueNationalId } from "../test/support/factories";
import { setBusinessStatus } from "@/server/services/businesses/set-business-status";
import { expect, signInAs, test } from "./fixtures";
import { setMode, verifyViaApi } from "./portal";

test("the front door leads to sign-up, sign-in and the docs; an unknown page is a branded 404 with a way back", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("link", { name: "Create an account" })).toHaveAttribute("href", "/sign-up");
  await expect(page.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/sign-in");
  await expect(page.getByRole("link", { name: "API reference" })).toHaveAttribute("href", "/docs");

  const response = await page.goto("/no-such-page");
  expect(response!.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "This page does not exist" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Hubi" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("a platform admin lands in the admin console", async ({ page, admin }) => {
  await signInAs(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
});

test("a suspended business is told so on every page", async ({ page }) => {
  const business = await createTestBusiness({ name: `Paused ${randomUUID().slice(0, 6)}` });
  await setBusinessStatus(await adminContext(), { businessId: business.businessId, status: "suspended" });
  await signInAs(page, business);
  await page.goto("/overview");
  await expect(page.getByText(/is suspended: every API call, test or live, is refused/)).toBeVisible();
});

test("history: find a verification by reference or last four digits; an impossible date range shows its error and nothing else", async ({ page, request }) => {
  const business = await createTestBusiness();
  const ids = [uniqueNationalId(), uniqueNationalId(), uniqueNationalId()];
  const references: string[] = [];
  for (const nationalId of ids) references.push((await (await verifyViaApi(request, business.testKey, { nationalId })).json()).data.reference);
  await signInAs(page, business);
  await page.goto("/history");
  const rows = page.getByRole("table", { name: "Verifications" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(`•••• ${ids[2]!.slice(-4)}`);

  await page.getByLabel("National ID, last 4 digits").fill(ids[0]!.slice(-4));
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(references[0]!);

  await page.getByRole("button", { name: "Clear" }).click();
  await page.getByLabel("Reference").fill(references[1]!.toLowerCase());
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(references[1]!);

  // From the filter form, with results on screen: they must not stay behind the error.
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(rows).toHaveCount(3);
  await page.getByLabel("From").fill("2026-11-20");
  await page.getByLabel("To (inclusive)").fill("2026-11-10");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("The start date must not be after the end date")).toBeVisible();
  await expect(page.getByRole("table", { name: "Verifications" })).toHaveCount(0);
});

test("changing a member's role asks first; cancelling changes nothing", async ({ page }) => {
  const business = await createTestBusiness();
  await createTestMember(business.businessId, "viewer");
  await signInAs(page, business);
  await page.goto("/team");
  const role = page.getByLabel(/^Role of /).last();
  await role.selectOption("developer");
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Developer: API keys, verify, request log, webhooks.");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(role).toHaveValue("viewer");
  await role.selectOption("developer");
  await dialog.getByRole("button", { name: "Change role" }).click();
  await page.reload();
  await expect(page.getByLabel(/^Role of /).last()).toHaveValue("developer");
});

test("credits: a charge links to its verification, and the page says how to buy credits", async ({ page, request }) => {
  const business = await createTestBusiness({ live: true, credits: 5 });
  const made = await (await verifyViaApi(request, business.liveKey!, { nationalId: uniqueNationalId() })).json();
  await signInAs(page, business);
  await page.goto("/credits");
  await setMode(page, "live");
  await expect(page.getByText("To buy credits, contact Hubi at sales@hubi.so")).toBeVisible();
  await page.getByRole("link", { name: made.data.reference }).click();
  await expect(page).toHaveURL(new RegExp(`/history/${made.data.id}$`));
});
