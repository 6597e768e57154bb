/** The remaining main pages: the portal's own verify form, credits, team with an invitation. */
import { test, expect, screenshotPath, signInAs } from "./fixtures";
import { setMode } from "./portal";
import { createTestBusiness } from "../test/support/factories";
import { db } from "@/server/db/client";
import { createInvitation } from "@/server/team/create-invitation";
import { loadPortalUser } from "@/server/trpc/context";
import { userServiceContext } from "@/server/trpc/service-context";

test("verify from the portal, then credits and team pages", async ({ page, browser }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);

  await page.goto("/verify");
  await page.getByLabel("National ID").fill("1234");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("National ID must be exactly 11 digits")).toBeVisible();
  await page.getByLabel("National ID").fill("11111111111");
  await page.getByLabel("Purpose (optional)").fill("Branch onboarding");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("verify-message")).toHaveText("Citizen verified");
  await page.screenshot({ path: screenshotPath("verify"), fullPage: true });

  await page.goto("/history?channel=portal");
  await expect(page.getByRole("row").filter({ hasText: "Branch onboarding" })).toContainText("portal", { ignoreCase: true });

  await page.goto("/credits");
  await expect(page.getByTestId("credit-balance")).toContainText("0");
  await page.getByLabel("Low-credit alert threshold").fill("25");
  await page.getByRole("button", { name: "Save threshold" }).click();
  await expect(page.getByText("Saved")).toBeVisible();
  await page.screenshot({ path: screenshotPath("credits"), fullPage: true });

  await page.goto("/team");
  await page.getByLabel("Role", { exact: true }).selectOption("developer");
  await page.getByRole("button", { name: "Create invitation link" }).click();
  const link = (await page.getByTestId("invitation-link").textContent())!.trim();
  await page.screenshot({ path: screenshotPath("team"), fullPage: true });

  // The invitee, in their own browser: creates an account from the link and lands in the business.
  const invitee = await browser.newContext();
  const inviteePage = await invitee.newPage();
  await inviteePage.goto(link);
  await expect(inviteePage.getByRole("heading", { name: "Join Test Business on Hubi" })).toBeVisible();
  await inviteePage.getByLabel("Your name").fill("Dev Eloper");
  await inviteePage.getByLabel("Email").fill(`dev-${Date.now()}@e2e.test`);
  await inviteePage.getByLabel("Password").fill("developer password 1");
  await inviteePage.getByRole("button", { name: "Create account and join" }).click();
  await expect(inviteePage.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  await expect(inviteePage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" })).toBeVisible();
  await invitee.close();

  await page.reload();
  await expect(page.getByRole("cell", { name: "Dev Eloper", exact: true })).toBeVisible();
});

test("live mode: banner off, live keys explained until live access is approved; small screens get a menu", async ({ page }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);
  await page.goto("/keys");
  await setMode(page, "live");
  await expect(page.getByText("Test mode — sandbox data")).toBeHidden();
  await expect(page.getByText("Live keys can be created once your live-access application is approved")).toBeVisible();
  await expect(page.getByRole("link", { name: "Apply for live access" })).toHaveAttribute("href", "/live-access");
  await expect(page.getByRole("button", { name: "Create key" })).toBeDisabled();
  await setMode(page, "test");
  await expect(page.getByText("Test mode — sandbox data")).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/overview");
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  await page.getByRole("button", { name: "Menu" }).click();
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "History" }).click();
  await expect(page.getByText("No verifications yet")).toBeVisible();
  await page.screenshot({ path: screenshotPath("history-mobile"), fullPage: true });
});

test("repeated failed sign-ins are throttled with a clear message", async ({ page }) => {
  const business = await createTestBusiness();
  await page.goto("/sign-in");
  await page.getByLabel("Email").fill(business.email);
  await page.getByLabel("Password").fill("wrong password!!");
  const alert = page.locator("form").getByRole("alert");
  for (let attempt = 0; attempt < 11; attempt++) {
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(alert).toBeVisible();
    if ((await alert.textContent())?.includes("Too many failed sign-in attempts")) break;
  }
  await expect(alert).toContainText("Too many failed sign-in attempts");
});

test("a signed-in user accepts an invitation to a second business and switches between the two", async ({ page }) => {
  const mine = await createTestBusiness();
  const other = await createTestBusiness();
  await db().business.update({ where: { id: other.businessId }, data: { name: "Second Business" } });
  const ownerOfOther = await loadPortalUser(other.userId);
  const { token } = await createInvitation(userServiceContext(ownerOfOther!, ownerOfOther!.memberships[0], "req_e2e_invite"), {
    businessId: other.businessId,
    role: "viewer",
  });

  await page.goto(`/invite/${token}`);
  await page.getByRole("link", { name: "Sign in to accept" }).click();
  // The invitation page has an Email field of its own (to sign up): fill only once the sign-in
  // page has replaced it.
  await expect(page.getByRole("heading", { name: "Sign in to Hubi" })).toBeVisible();
  await page.getByLabel("Email").fill(mine.email);
  await page.getByLabel("Password").fill(mine.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Join Second Business on Hubi" })).toBeVisible();
  await page.getByRole("button", { name: "Accept invitation" }).click();

  const switcher = page.getByLabel("Business");
  await expect(switcher).toHaveValue(other.businessId);
  await expect(page.getByText("Viewer", { exact: true })).toBeVisible();
  await switcher.selectOption({ label: "Test Business" });
  await expect(page.getByText("Owner", { exact: true })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "API keys" })).toBeVisible();
});
