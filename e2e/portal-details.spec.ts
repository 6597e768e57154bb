/**
 * What a user trips over (issue 12 §5): the front door and the 404, admins landing in the console,
 * the suspended banner, finding a verification in the history, confirming role changes, and the
 * credits page's ledger links and buying instructions.
 */
import type { Locator } from "@playwright/test";
import { randomUUID } from "node:crypto";
import { adminContext } from "../test/support/contexts";
import { createTestBusiness, createTestMember, uniqueNationalId } from "../test/support/factories";
import { setBusinessStatus } from "@/server/businesses/set-business-status";
import { expect, signInAs, test } from "./fixtures";
import { findInRequestLog, setMode, verifyViaApi } from "./portal";

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

test("a platform admin lands on the admin dashboard", async ({ page, admin }) => {
  await signInAs(page, admin);
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  const figures = page.getByLabel("Platform figures");
  for (const label of ["Businesses", "Live access to review", "Credits, 30 days", "Webhook failures, 7 days"]) await expect(figures).toContainText(label);
  await expect(page.getByRole("figure", { name: /verifications per day by mode/ })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
});

test("a suspended business is told so on every page", async ({ page }) => {
  const business = await createTestBusiness({ name: `Paused ${randomUUID().slice(0, 6)}` });
  await setBusinessStatus(await adminContext(), { businessId: business.businessId, status: "suspended" });
  await signInAs(page, business);
  await page.goto("/overview");
  await expect(page.getByText(/is suspended: every API call, test or live, is refused/)).toBeVisible();
});

test("history: find a verification by any part of its reference or last four digits; a bad filter keeps the table; the table shows that it scrolls", async ({ page, request }) => {
  const business = await createTestBusiness();
  const ids = [uniqueNationalId(), uniqueNationalId(), uniqueNationalId()];
  const references: string[] = [];
  for (const nationalId of ids) references.push((await (await verifyViaApi(request, business.testKey, { nationalId })).json()).data.reference);
  await signInAs(page, business);
  // A small laptop window: the table is wider than its card and scrolls inside it.
  await page.setViewportSize({ width: 760, height: 900 });
  await page.goto("/history");
  const rows = page.getByRole("table", { name: "Verifications" }).locator("tbody tr");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText(`•••• ${ids[2]!.slice(-4)}`);

  // A shadow, over the rows, shows the side that has more, and follows the scrolling.
  const scroller = page.getByRole("region", { name: "Verifications" });
  expect(await scroller.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  const shadow = (side: "left" | "right") => scroller.locator(`xpath=../*[@data-scroll-shadow="${side}"]`);
  await expect(shadow("right")).toHaveCSS("opacity", "1");
  await expect(shadow("left")).toHaveCSS("opacity", "0");
  await scroller.evaluate((el) => el.scrollTo({ left: el.scrollWidth }));
  await expect(shadow("left")).toHaveCSS("opacity", "1");
  await expect(shadow("right")).toHaveCSS("opacity", "0");

  await page.getByLabel("National ID, last 4 digits").fill(ids[0]!.slice(-4));
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(references[0]!);

  // The form is rebuilt from the URL once Clear has navigated (the list and the form render together).
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(rows).toHaveCount(3);
  await expect(page.getByLabel("National ID, last 4 digits")).toHaveValue("");
  // The part a person reads out or copies: the reference's random tail, in lower case.
  await page.getByLabel("Reference").fill(references[1]!.slice(-8).toLowerCase());
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(references[1]!);

  // Filters that do not parse: the error beside the field, the table as it was, the URL unchanged.
  await page.getByRole("button", { name: "Clear" }).click();
  await expect(rows).toHaveCount(3);
  await page.getByLabel("National ID, last 4 digits").fill("12a");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("Enter the last four digits of the national ID")).toBeVisible();
  await expect(rows).toHaveCount(3);
  expect(new URL(page.url()).search).toBe("");

  // Nothing matches: the page says so about the filters, not that there is no history.
  await page.getByLabel("National ID, last 4 digits").fill("");
  await page.getByLabel("Reference").fill("HV-19990101");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText("No verifications match these filters")).toBeVisible();
  await expect(page.getByText("No verifications yet")).toHaveCount(0);
});

test("changing a member's role asks first; cancelling changes nothing; removing and revoking are in row menus", async ({ page }) => {
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
  // The select follows the saved role once the change is done; a reload before could cancel it.
  await expect(role).toHaveValue("developer");
  await page.reload();
  await expect(page.getByLabel(/^Role of /).last()).toHaveValue("developer");

  // Removing a member is in the row's menu, apart from the role, and asks first.
  await page.getByRole("button", { name: /^Actions for / }).last().click();
  await page.getByRole("menuitem", { name: "Remove" }).click();
  await page.getByRole("dialog", { name: "Remove this member?" }).getByRole("button", { name: "Remove member" }).click();
  await expect(page.getByLabel(/^Role of /)).toHaveCount(1);

  // So is revoking an open invitation.
  await page.getByRole("button", { name: "Create invitation link" }).click();
  await page.getByRole("button", { name: /^Actions for the .* invitation$/ }).click();
  await page.getByRole("menuitem", { name: "Revoke" }).click();
  await page.getByRole("dialog", { name: "Revoke this invitation?" }).getByRole("button", { name: "Revoke invitation" }).click();
  await expect(page.getByTestId("open-invitations")).toHaveCount(0);
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

test("the overview says which outcomes cost a credit, and the live quick start verifies a real customer with consent", async ({ page }) => {
  const business = await createTestBusiness({ live: true });
  await signInAs(page, business);
  await page.goto("/overview");
  await expect(page.getByText(/1 credit for each live verification, whatever it finds/)).toBeVisible();
  await expect(page.getByRole("tabpanel")).toContainText('"nationalId": "11111111111"');
  await setMode(page, "live");
  const snippet = page.getByRole("tabpanel");
  await expect(snippet).toContainText("Idempotency-Key");
  await expect(snippet).toContainText('"consent"');
  await expect(snippet).not.toContainText("11111111111");
  // The cards above came with the switch's page refresh: nothing moves the tab under the click.
  await page.getByRole("tab", { name: "Node.js" }).click();
  await expect(snippet).toContainText('environment: "live"');
  await expect(snippet).toContainText("idempotencyKey");
});

test("the overview's cards come with the page, and a mode switch brings the other mode's without a loading state; so do the other pages' data", async ({
  page,
  request,
}) => {
  const business = await createTestBusiness({ live: true });
  expect((await verifyViaApi(request, business.testKey, { nationalId: "11111111111" })).status()).toBe(200);
  await signInAs(page, business);
  // The portal's data requests (tRPC) never answered: whatever the cards show came with the page.
  await page.route("**/api/trpc/**", () => {});
  await page.goto("/overview");
  const usage = page.locator("section").filter({ has: page.getByRole("heading", { name: "Verifications, last 30 days" }) });
  await expect(usage).toContainText("1 verification in total");
  await expect(page.getByRole("region", { name: "Getting started" })).toContainText(/of 5 steps done/);

  // Every loading state the page shows from now on, noted as it appears.
  await page.evaluate(() => {
    const seen: string[] = ((window as unknown as { loadingSeen: string[] }).loadingSeen = []);
    new MutationObserver(() => {
      for (const status of document.querySelectorAll("main [role=status]")) if (/Loading/.test(status.textContent ?? "")) seen.push(status.textContent!);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByRole("switch", { name: "Live mode" }).click();
  await expect(page.getByRole("switch", { name: "Live mode" })).toHaveAttribute("aria-checked", "true");
  await expect(usage.getByText("No verifications yet")).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { loadingSeen: string[] }).loadingSeen)).toEqual([]);

  // The pages a developer opens most show their data on arrival too (tRPC still never answers).
  const arrivals: [string, Locator][] = [
    ["/keys", page.getByRole("main").getByRole("table")],
    ["/credits", page.getByTestId("credit-balance")],
    ["/team", page.getByRole("main").getByText(business.email)],
    ["/webhooks", page.getByRole("heading", { name: "Endpoint, live mode" })],
    ["/history", page.getByText("No verifications yet")],
    ["/history?result=verified", page.getByText("No verifications match these filters")],
    ["/request-log", page.getByText("No API requests yet")],
    ["/batches", page.getByText("No batches yet")],
  ];
  for (const [path, content] of arrivals) {
    await page.goto(path);
    await expect(content.first(), path).toBeVisible();
    await expect(page.locator("main [role=status] .animate-spin"), path).toHaveCount(0);
  }
});

test("the request log opens a request's details, with the verification it produced", async ({ page, request }) => {
  const business = await createTestBusiness();
  const response = await request.post("/api/v1/verify/citizen", {
    headers: { authorization: `Bearer ${business.testKey}`, "idempotency-key": "order-5521-verify" },
    data: { nationalId: uniqueNationalId() },
  });
  const requestId = response.headers()["x-request-id"]!;
  const verification = (await response.json()).data;
  await signInAs(page, business);
  await findInRequestLog(page, requestId);
  await page.getByRole("button", { name: `Details of ${requestId}` }).click();
  const details = page.getByRole("dialog", { name: "Request details" });
  await expect(details).toContainText("POST /api/v1/verify/citizen");
  await expect(details).toContainText("200");
  await expect(details).toContainText(requestId);
  await expect(details).toContainText("order-5521-verify");
  await details.getByRole("link", { name: "Open the verification" }).click();
  await expect(page).toHaveURL(new RegExp(`/history/${verification.id}$`));
  await expect(page.getByText(verification.reference).first()).toBeVisible();
});

test("forms explain problems inline in the portal's words, never with the browser's pop-ups", async ({ page, admin, browser }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);
  await page.goto("/webhooks");
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Enter a valid URL")).toBeVisible();

  await page.goto("/keys");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("k".repeat(81));
  await dialog.getByRole("button", { name: "Create key" }).click();
  await expect(dialog.getByText("Must be at most 80 characters")).toBeVisible();

  const adminPage = await (await browser.newContext()).newPage();
  await signInAs(adminPage, admin);
  await adminPage.goto(`/admin/businesses/${business.businessId}`);
  const grant = adminPage.getByRole("form", { name: "Grant credits" });
  // Checked before the confirmation: nobody is asked to confirm a grant the server would refuse.
  await grant.getByLabel("Credits").fill("-5");
  await grant.getByRole("button", { name: "Grant credits" }).click();
  await expect(grant.getByText("Must be at least 1")).toBeVisible();
  await expect(adminPage.getByRole("dialog")).toHaveCount(0);
});
