import { randomUUID } from "node:crypto";
import { db } from "@/server/db/client";
import { expect, screenshotPath, signInAs, test } from "./fixtures";
import { businessWithPendingApplication } from "../test/support/live-access";

/** Registry rows for the upload: two valid records and one with an unknown status. */
function registryCsv(): string {
  const id = () => `7${String(Math.floor(Math.random() * 1e10)).padStart(10, "0")}`;
  return [
    "national_id,full_name,date_of_birth,date_of_issue,date_of_expiry,status",
    `${id()},Amina Yusuf Farah,1990-04-12,2021-01-05,2031-01-04,active`,
    `${id()},Abdirahman Ali Warsame,1984-11-30,2019-06-20,2029-06-19,revoked`,
    `${id()},Hassan Omar Nur,1979-07-01,2020-03-15,2030-03-14,lost`,
  ].join("\n");
}

test("an admin reviews live access, manages a business, loads the registry and checks the audit log", async ({ page, admin }) => {
  const name = `Hodan Remit ${randomUUID().slice(0, 6)}`;
  const business = await businessWithPendingApplication({ name });
  const refusedName = `Xawaalo Refused ${randomUUID().slice(0, 6)}`;
  const refused = await businessWithPendingApplication({ name: refusedName });
  const decisionsSent: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes("admin.liveAccess.decide")) decisionsSent.push(request.url());
  });

  await signInAs(page, admin);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));

  // Live-access queue: approve the pending application.
  await page.goto("/admin/live-access");
  const application = page.getByRole("article", { name: `Application from ${name}` });
  await expect(application.getByText("Hodan Mobile Money Ltd")).toBeVisible();
  await page.screenshot({ path: screenshotPath("admin-live-access-queue"), fullPage: true });
  await application.getByRole("button", { name: "Approve" }).click();
  await page.getByRole("dialog", { name: `Approve ${name}?` }).getByRole("button", { name: "Approve" }).click();
  await expect(application.getByRole("status")).toHaveText(`Approved: ${name} is on the enterprise plan and can go live.`);

  // Rejecting: a reason the server would refuse is explained beside the field, and nothing is sent.
  const rejection = page.getByRole("article", { name: `Application from ${refusedName}` });
  await rejection.getByRole("button", { name: "Reject…" }).click();
  const reason = rejection.getByLabel("Reason for rejection (shown to the business)");
  await reason.fill("No");
  const sentBefore = decisionsSent.length;
  await rejection.getByRole("button", { name: "Confirm rejection" }).click();
  await expect(reason).toHaveAttribute("aria-invalid", "true");
  await expect(reason).toHaveAccessibleDescription("Give the business a reason (at least 5 characters)");
  expect(decisionsSent).toHaveLength(sentBefore);
  expect((await db().liveAccessApplication.findUniqueOrThrow({ where: { id: refused.applicationId } })).status).toBe("pending");
  await reason.fill("The registration certificate does not match the legal name.");
  await rejection.getByRole("button", { name: "Confirm rejection" }).click();
  await expect(rejection.getByRole("status")).toHaveText(`Rejected: ${refusedName} can see your reason and apply again.`);

  // Business list and page: approved + enterprise, grant credits, suspend.
  await page.goto("/admin/businesses");
  await page.getByLabel("Search by business name").fill(name);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByRole("row")).toHaveCount(2);
  await page.screenshot({ path: screenshotPath("admin-businesses"), fullPage: true });
  await page.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name })).toBeVisible();
  await expect(page.getByText("Approved", { exact: true })).toBeVisible();
  await expect(page.getByRole("form", { name: "Plan" }).getByLabel("Plan")).toHaveValue("enterprise");
  await expect(page.getByRole("heading", { name: "Webhook delivery" })).toBeVisible();
  await expect(page.getByText("No webhook endpoint configured")).toBeVisible();
  const members = page.getByRole("region", { name: "Members and contact" });
  await expect(members.getByRole("link", { name: business.email })).toBeVisible();
  await expect(members).toContainText("Live-access contact:");

  const grant = page.getByRole("form", { name: "Grant credits" });
  await grant.getByLabel("Credits").fill("500");
  await grant.getByLabel("Note").fill("Welcome credits");
  await grant.getByRole("button", { name: "Grant credits" }).click();
  await page.getByRole("dialog", { name: "Grant 500 credits?" }).getByRole("button", { name: "Grant credits" }).click();
  await expect(grant.getByRole("status")).toHaveText("Granted. New balance: 500.");

  const limit = page.getByRole("form", { name: "Rate limit" });
  await limit.getByLabel("Requests per minute").fill("600");
  await limit.getByRole("button", { name: "Save limit" }).click();
  await expect(limit.getByRole("status")).toHaveText("Limit is now 600 per minute.");

  const suspend = page.getByRole("region", { name: "Danger zone" }).getByRole("form", { name: "Suspend business" });
  await expect(suspend).toContainText("its webhook endpoints get a suspension event with the reason; no email is sent.");
  await suspend.getByLabel(/Reason/).fill("Unpaid invoice");
  await suspend.getByRole("button", { name: "Suspend" }).click();
  await page.getByRole("dialog", { name: `Suspend ${name}?` }).getByRole("button", { name: "Suspend" }).click();
  await expect(page.getByRole("form", { name: "Reactivate business" })).toBeVisible();
  await expect(page.getByText("Suspended", { exact: true })).toBeVisible();
  // As the form said: a business_suspended event with the reason for each mode's endpoints, and no email (the owner's only one is the approval).
  const suspensions = await db().outboxEvent.findMany({ where: { businessId: business.businessId, type: "business_suspended" } });
  expect(suspensions.map((e) => `${e.mode}: ${(e.payload as { data: { reason: string } }).data.reason}`).sort()).toEqual(["live: Unpaid invoice", "test: Unpaid invoice"]);
  expect((await db().emailMessage.findMany({ where: { toAddress: business.email }, select: { kind: true } })).map((m) => m.kind)).toEqual(["live_access_approved"]);
  await page.screenshot({ path: screenshotPath("admin-business"), fullPage: true });

  // Registry: check a CSV (nothing written), read the per-row report, then import after confirming.
  await page.goto("/admin/registry");
  // This stack reads the imported registry: the gateway panel says so and shows no figures of a gateway it never asks.
  await expect(page.getByText("Live verifications read the imported registry below (REGISTRY_SOURCE=mirror); the gateway is not used.")).toBeVisible();
  await expect(page.getByText("Circuit", { exact: true })).toHaveCount(0);
  await page.getByLabel("Registry CSV file").setInputFiles({ name: "registry.csv", mimeType: "text/csv", buffer: Buffer.from(registryCsv()) });
  await page.getByRole("button", { name: "Check file" }).click();
  const check = page.getByRole("region", { name: "Check" });
  await expect(check.getByRole("status")).toContainText("2 records to import");
  await expect(check.getByRole("status")).toContainText("1 rejected");
  await expect(check.getByRole("row")).toHaveCount(2);
  await page.getByRole("button", { name: "Import 2 records" }).click();
  await page.getByRole("dialog", { name: "Import 2 records?" }).getByRole("button", { name: "Import" }).click();
  const report = page.getByRole("region", { name: "Import report" });
  await expect(report.getByRole("status")).toContainText("2 imported");
  await expect(report.getByRole("row")).toHaveCount(2);
  await expect(page.getByLabel("Total records")).not.toHaveText("0");
  await page.screenshot({ path: screenshotPath("admin-registry"), fullPage: true });

  // Audit log: chain intact, and this business's actions are there.
  await page.goto(`/admin/audit?businessId=${business.businessId}`);
  await expect(page.getByRole("status", { name: "Audit chain status" })).toContainText("Chain OK.");
  for (const action of ["live_access.approved", "credits.granted", "business.rate_limit_changed", "business.suspended"]) {
    await expect(page.getByRole("table").getByText(action, { exact: true })).toBeVisible();
  }
  await expect(page.getByRole("row").filter({ hasText: "credits.granted" })).toContainText(admin.email);
  // The business's entries are numbered in its own chain, newest first, without gaps: n, n-1, ..., 1.
  const numbers = (await page.getByRole("table").locator("tbody tr td:first-child").allInnerTexts()).map(Number);
  expect(numbers).toEqual(numbers.map((_, i) => numbers.length - i));
  await page.screenshot({ path: screenshotPath("admin-audit-log"), fullPage: true });

  await page.getByLabel("Action").fill("live_access");
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByRole("table").getByText("credits.granted")).toBeHidden();
  await expect(page.getByRole("table").getByText("live_access.approved", { exact: true })).toBeVisible();

  // Where next-auth sends the tab after sign-out depends on NEXTAUTH_URL; what matters is that the
  // session ends, so check with a fresh tab once the session cookie is gone.
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect.poll(async () => (await page.context().cookies()).some((c) => c.name.endsWith("session-token"))).toBe(false);
  const afterSignOut = await page.context().newPage();
  await afterSignOut.goto("/admin/businesses");
  await expect(afterSignOut).toHaveURL(/\/sign-in/);
});

test("the admin console is not shown to someone who is not a platform admin", async ({ page }) => {
  const owner = await businessWithPendingApplication();
  await signInAs(page, owner);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  const response = await page.goto("/admin/businesses");
  expect(response?.status()).toBe(404);
});
