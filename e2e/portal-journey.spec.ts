/**
 * The integration journey of a new business: sign up, create a test key, call the API, find the
 * call in History and the Request log, export it; then go live with an admin's approval.
 */
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { createTestBusiness } from "../test/support/factories";
import { test, testWithMail, expect, screenshotPath, signInAs } from "./fixtures";
import { createKeyInUi, findInRequestLog, setMode, signUp, verifyViaApi } from "./portal";

/** The overview's getting-started checklist, and one of its steps by title. */
const checklist = (page: Page) => page.getByRole("region", { name: "Getting started" });
const step = (page: Page, title: string) => checklist(page).getByRole("listitem").filter({ hasText: title });

testWithMail("sign up, test key, API call, history, request log and CSV export; the checklist ticks itself", async ({ page, request }) => {
  await signUp(page);
  await expect(page.getByText("Test mode — sandbox data")).toBeVisible();
  // A new business: every step of the checklist is to do, the first one with its link.
  await expect(checklist(page)).toContainText("0 of 5 steps done");
  for (const title of ["Create an API key", "Make your first call", "Receive a webhook", "Apply for live access", "Make your first live call"]) {
    await expect(step(page, title)).toContainText("(to do)");
  }
  await expect(checklist(page).getByRole("link", { name: "Create a key" })).toBeVisible();
  await page.screenshot({ path: screenshotPath("overview-empty"), fullPage: true });

  const key = await createKeyInUi(page, "Journey key");
  expect(key).toMatch(/^hubi_test_/);
  await expect(page.getByRole("cell", { name: "Journey key", exact: true })).toBeVisible();
  await page.screenshot({ path: screenshotPath("api-keys"), fullPage: true });

  const response = await verifyViaApi(request, key, { nationalId: "11111111111", purpose: "E2E journey" });
  expect(response.status()).toBe(200);
  const requestId = response.headers()["x-request-id"]!;
  const { data } = await response.json();

  await page.goto("/history");
  const row = page.getByRole("row").filter({ hasText: data.reference });
  await expect(row).toContainText("Verified");
  await expect(row).toContainText("E2E journey");
  await page.screenshot({ path: screenshotPath("history"), fullPage: true });

  await row.getByRole("link", { name: data.reference }).click();
  await expect(page.getByRole("heading", { name: "Identity verification certificate" })).toBeVisible();
  await expect(page.getByText("*******1111")).toBeVisible();
  await page.screenshot({ path: screenshotPath("certificate"), fullPage: true });

  await page.goto("/history");
  const downloadPromise = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const csv = fs.readFileSync((await (await downloadPromise).path())!, "utf8");
  const lines = csv.trim().split("\r\n");
  expect(lines[0]).toBe(
    "id,reference,result,purpose,channel,nationalId,nameMatch,nameMatchScore,dateOfBirthMatch,consentMethod,consentObtainedAt,consentReference,createdAt,redactedAt",
  );
  expect(lines).toHaveLength(2);
  expect(lines[1]).toBe([data.id, data.reference, "verified", "E2E journey", "api", "*******1111", "", "", "", "", "", "", data.createdAt, ""].join(","));
  expect(csv).not.toContain("11111111111");

  await findInRequestLog(page, requestId);
  await expect(page.getByRole("row").filter({ hasText: requestId })).toContainText("POST /api/v1/verify/citizen");
  await page.screenshot({ path: screenshotPath("request-log"), fullPage: true });

  await page.goto("/overview");
  await expect(page.getByText("1 verification in total, by outcome")).toBeVisible();
  // The key and the first call are ticked, from what happened; nothing tells the business to create a key any more.
  await expect(checklist(page)).toContainText("2 of 5 steps done");
  await expect(step(page, "Create an API key")).toContainText("(done)");
  await expect(step(page, "Make your first call")).toContainText("(done)");
  await expect(step(page, "Receive a webhook")).toContainText("(to do)");
  await expect(checklist(page).getByRole("link", { name: "Create a key" })).toHaveCount(0);
  await expect(page.getByText(/Create a test key/i)).toHaveCount(0);
  await page.screenshot({ path: screenshotPath("overview"), fullPage: true });
});

// Uses the live-access page and the admin console of the admin branch, by their visible labels.
test("live access: apply, admin approves and grants credits, a live call costs one credit", async ({ page, request, browser, admin }) => {
  const businessName = `E2E Live Lender ${Date.now()}`;
  // Signed up already (the journey above goes through the sign-up form and its email).
  const owner = await createTestBusiness({ name: businessName });
  await signInAs(page, owner);

  await page.goto("/live-access");
  await page.getByLabel("Legal name").fill(`${businessName} Ltd`);
  await page.getByLabel("Registration number").fill("SO-123456");
  await page.getByLabel("Country of registration").fill("Somalia");
  await page.getByLabel("Registered address").fill("Maka Al Mukarama Road, Mogadishu");
  await page.getByLabel("Contact person").fill("Edna Owner");
  await page.getByLabel("Contact email").fill("compliance@e2e.test");
  await page.getByLabel("Intended use").fill("KYC for loan applicants");
  await page.getByLabel("Expected verifications per month").fill("1000");
  await page.getByRole("button", { name: "Submit application" }).click();
  await expect(page.getByRole("region", { name: "Live access status" })).toContainText(/pending|review/i);

  const adminContext = await browser.newContext();
  const adminPage = await adminContext.newPage();
  await signInAs(adminPage, admin);
  await adminPage.goto("/admin/live-access");
  const application = adminPage.getByRole("article", { name: `Application from ${businessName}` });
  await application.getByRole("button", { name: "Approve" }).click();
  await adminPage.getByRole("dialog", { name: `Approve ${businessName}?` }).getByRole("button", { name: "Approve" }).click();
  await expect(application.getByRole("status")).toContainText("Approved");

  await page.reload();
  await setMode(page, "live");
  await expect(page.getByText("Test mode — sandbox data")).toBeHidden();
  const liveKey = await createKeyInUi(page, "Live key");
  expect(liveKey).toMatch(/^hubi_live_/);

  await adminPage.goto("/admin/businesses");
  await adminPage.getByPlaceholder("Search by business name").fill(businessName);
  await adminPage.getByRole("button", { name: "Search" }).click();
  await adminPage.getByRole("link", { name: businessName }).click();
  await adminPage.getByLabel("Credits", { exact: true }).fill("10");
  await adminPage.getByRole("button", { name: "Grant credits" }).click();
  await adminPage.getByRole("dialog", { name: "Grant 10 credits?" }).getByRole("button", { name: "Grant credits" }).click();
  await expect(adminPage.getByText("Granted. New balance: 10.")).toBeVisible();
  await adminContext.close();

  await page.goto("/credits");
  await expect(page.getByTestId("credit-balance")).toHaveText(/^10\b/);
  // A new business's live key takes the request the specification shows: consent is optional.
  const live = await verifyViaApi(request, liveKey, { nationalId: "11111111111", purpose: "Live E2E" });
  expect(live.status()).toBe(200);
  expect((await live.json()).creditDeducted).toBe(true);
  await page.reload();
  await expect(page.getByTestId("credit-balance")).toHaveText(/^9\b/);

  // Live access applied for and a first live call made: only the webhook step is left.
  await page.goto("/overview");
  await expect(checklist(page)).toContainText("4 of 5 steps done");
  for (const title of ["Create an API key", "Make your first call", "Apply for live access", "Make your first live call"]) {
    await expect(step(page, title)).toContainText("(done)");
  }
  await expect(step(page, "Receive a webhook")).toContainText("(to do)");
});
