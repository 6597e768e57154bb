import { expect, screenshotPath, signInAs, test } from "./fixtures";
import { createTestBusiness } from "../test/support/factories";
import { adminContext } from "../test/support/contexts";
import { validApplication } from "../test/support/live-access";
import { db } from "@/server/db/client";
import { decideLiveAccess } from "@/server/live-access/decide-live-access";

test("an owner applies for live access, sees field errors, then the admin's rejection reason", async ({ page }) => {
  const owner = await createTestBusiness();
  await signInAs(page, owner);
  await page.waitForURL((url) => !url.pathname.startsWith("/sign-in"));
  await page.goto("/live-access");
  await expect(page.getByText("Not requested yet")).toBeVisible();

  const form = page.getByRole("form", { name: "Live access application" });
  await form.getByLabel("Contact email").fill("not an email");
  await form.getByRole("button", { name: "Submit application" }).click();
  await expect(form.getByText("Enter a valid email address")).toBeVisible();
  await expect(form.getByText("Enter the registered legal name")).toBeVisible();
  await expect(form.getByText("Enter the expected number of verifications per month")).toBeVisible();
  await page.screenshot({ path: screenshotPath("live-access-form-errors"), fullPage: true });

  await form.getByLabel("Legal name").fill(validApplication.legalName);
  await form.getByLabel("Registration number").fill(validApplication.registrationNumber);
  await form.getByLabel("Country of registration").fill(validApplication.country);
  await form.getByLabel("Registered address").fill(validApplication.address);
  await form.getByLabel("Contact person").fill(validApplication.contactName);
  await form.getByLabel("Contact email").fill(validApplication.contactEmail);
  await form.getByLabel("Intended use").fill(validApplication.intendedUse);
  await form.getByLabel("Expected verifications per month").fill(String(validApplication.expectedMonthlyVolume));
  await form.getByRole("button", { name: "Submit application" }).click();
  await expect(page.getByText("Application under review")).toBeVisible();
  // The decision comes by email (and on this page), as the next step shows.
  await expect(page.getByText("We will email you when a decision is made, and show it here.")).toBeVisible();
  await expect(form).toBeHidden();
  const submitted = page.getByRole("region", { name: "Submitted application" });
  await expect(submitted).toContainText(validApplication.legalName);
  await expect(submitted).toContainText(validApplication.intendedUse);

  const application = await db().liveAccessApplication.findFirstOrThrow({ where: { businessId: owner.businessId } });
  const reason = "Please upload a registration certificate that matches the legal name.";
  await decideLiveAccess(await adminContext(), { applicationId: application.id, decision: "reject", reason });
  // The promised email, with the reason, is on its way to the owner.
  const email = await db().emailMessage.findFirstOrThrow({ where: { toAddress: owner.email, kind: "live_access_rejected" } });
  expect(email.params).toMatchObject({ reason });

  await page.reload();
  await expect(page.getByText("Application rejected")).toBeVisible();
  await expect(page.getByText(reason)).toBeVisible();
  // Applying again starts from what was sent, so only the problem needs fixing.
  const again = page.getByRole("form", { name: "Live access application" });
  await expect(again.getByRole("heading", { name: "Correct and apply again" })).toBeVisible();
  await expect(again.getByLabel("Legal name")).toHaveValue(validApplication.legalName);
  await expect(again.getByLabel("Expected verifications per month")).toHaveValue(String(validApplication.expectedMonthlyVolume));
  await page.screenshot({ path: screenshotPath("live-access-rejected"), fullPage: true });
});
