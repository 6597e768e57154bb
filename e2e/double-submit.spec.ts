/**
 * Nothing happens twice by accident (product rules §22): double-clicking the buttons that create
 * or move something changes the database once. Grants ask first, and large grants twice.
 */
import { randomUUID } from "node:crypto";
import { pool } from "@/server/db/client";
import { expect, signInAs, test } from "./fixtures";
import { createTestBusiness } from "../test/support/factories";
import { startReceiver, type WebhookReceiver } from "../test/support/webhook-receiver";

const count = async (sql: string, params: unknown[]) => (await pool().query<{ n: number }>(sql, params)).rows[0]!.n;

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(() => receiver.close());

test("an admin's double-clicked grant is granted once; a large grant asks twice", async ({ page, admin }) => {
  const name = `Double Click Co ${randomUUID().slice(0, 6)}`;
  const business = await createTestBusiness({ name });
  await signInAs(page, admin);
  await page.goto(`/admin/businesses/${business.businessId}`);

  const grant = page.getByRole("form", { name: "Grant credits" });
  await grant.getByLabel("Credits").fill("300");
  await grant.getByRole("button", { name: "Grant credits" }).dblclick();
  await page.getByRole("dialog", { name: "Grant 300 credits?" }).getByRole("button", { name: "Grant credits" }).dblclick();
  await expect(grant.getByRole("status")).toHaveText("Granted. New balance: 300.");
  expect(await count("SELECT count(*)::int AS n FROM credit_ledger_entry WHERE business_id = $1 AND kind = 'grant'", [business.businessId])).toBe(1);

  // Cancelling at either step grants nothing.
  await grant.getByLabel("Credits").fill("20000");
  await grant.getByRole("button", { name: "Grant credits" }).click();
  await page.getByRole("dialog", { name: "Grant 20,000 credits?" }).getByRole("button", { name: "Grant credits" }).click();
  const second = page.getByRole("dialog", { name: "This is a large grant" });
  await expect(second).toContainText("20,000 credits is more than 10,000");
  await second.getByRole("button", { name: "Cancel" }).click();
  await expect(second).toBeHidden();
  expect(await count("SELECT count(*)::int AS n FROM credit_ledger_entry WHERE business_id = $1 AND kind = 'grant'", [business.businessId])).toBe(1);

  await grant.getByRole("button", { name: "Grant credits" }).click();
  await page.getByRole("dialog", { name: "Grant 20,000 credits?" }).getByRole("button", { name: "Grant credits" }).click();
  await second.getByRole("button", { name: "Yes, grant 20,000" }).click();
  await expect(grant.getByRole("status")).toHaveText("Granted. New balance: 20,300.");
});

test("a developer's double clicks create one key, one invitation and one test event", async ({ page }) => {
  receiver.respond(() => ({ status: 200, body: "ok" }));
  const business = await createTestBusiness();
  await signInAs(page, business);

  await page.goto("/keys");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Double clicked");
  await dialog.getByRole("button", { name: "Create key" }).dblclick();
  await expect(dialog.getByTestId("new-api-key")).toBeVisible();
  expect(await count("SELECT count(*)::int AS n FROM api_key WHERE business_id = $1 AND name = 'Double clicked'", [business.businessId])).toBe(1);
  await dialog.getByRole("button", { name: "Done" }).click();

  await page.goto("/team");
  await page.getByRole("button", { name: "Create invitation link" }).dblclick();
  await expect(page.getByRole("button", { name: "Copy link" })).toBeVisible();
  expect(await count("SELECT count(*)::int AS n FROM invitation WHERE business_id = $1", [business.businessId])).toBe(1);

  await page.goto("/webhooks");
  await page.getByLabel("Endpoint URL").fill(receiver.url);
  await page.getByRole("button", { name: "Add endpoint" }).dblclick();
  await expect(page.getByText("Saved.")).toBeVisible();
  await page.getByRole("button", { name: "Send test event" }).dblclick();
  await expect(page.getByTestId("test-event-result")).toContainText("HTTP 200");
  expect(await count("SELECT count(*)::int AS n FROM outbox_event WHERE business_id = $1 AND type = 'webhook_test'", [business.businessId])).toBe(1);
  expect(await count("SELECT count(*)::int AS n FROM audit_log_entry WHERE business_id = $1 AND action = 'webhook.url_set'", [business.businessId])).toBe(1);
});
