/**
 * The webhooks page: a developer points the test endpoint at a receiver started here, sends a
 * test event, and sees the receiver's answer and the delivery with its attempt.
 */
import { test, expect, signInAs, screenshotPath } from "./fixtures";
import { createTestBusiness } from "../test/support/factories";
import { startReceiver, type WebhookReceiver } from "../test/support/webhook-receiver";

let receiver: WebhookReceiver;
test.beforeAll(async () => {
  receiver = await startReceiver();
});
test.afterAll(() => receiver.close());

test("set the URL, send a test event, see the delivery and its attempt", async ({ page }) => {
  receiver.respond(() => ({ status: 200, body: "hello from the receiver" }));
  const business = await createTestBusiness();
  await signInAs(page, business);
  await page.goto("/webhooks");

  await page.getByLabel("Endpoint URL").fill(receiver.url);
  await page.getByRole("button", { name: "Add endpoint" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();

  const secret = page.getByTestId("webhook-secret");
  await page.getByRole("button", { name: "Reveal secret" }).click();
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]{44}$/);
  const first = await secret.textContent();
  await page.getByRole("button", { name: "Hide secret" }).click();

  // Rotating asks first, then shows the new secret with the focus on it, as a new key is shown.
  await page.getByRole("button", { name: "Rotate secret" }).click();
  await page.getByRole("dialog", { name: "Rotate the signing secret?" }).getByRole("button", { name: "Rotate secret" }).click();
  await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/=]{44}$/);
  await expect(secret).not.toHaveText(first!);
  await expect(secret).toBeFocused();
  await expect(page.getByText(/^Rotation in progress: the previous secret also signs until /)).toBeVisible();

  await page.getByRole("button", { name: "Send test event" }).click();
  const result = page.getByTestId("test-event-result");
  await expect(result).toContainText("HTTP 200");
  await expect(result).toContainText("hello from the receiver");
  expect(receiver.requests.map((r) => JSON.parse(r.body).type)).toEqual(["webhook_test"]);

  const row = page.getByTestId("delivery-row");
  await expect(row).toHaveCount(1);
  await expect(row).toContainText("succeeded");
  await row.getByRole("button", { name: "webhook_test" }).click();
  await expect(page.getByText("hello from the receiver")).toHaveCount(2);
  await expect(page.getByTestId("event-payload")).toContainText('"type": "webhook_test"');
  await page.screenshot({ path: screenshotPath("webhooks"), fullPage: true });

  // A succeeded delivery can be sent again; it waits in the queue for a worker.
  await row.getByRole("button", { name: "Resend" }).click();
  await expect(row).toContainText("pending");

  const types = page.getByRole("form", { name: "Event types" });
  await expect(types).toContainText("Every event type is sent");
  await types.getByRole("checkbox", { name: "credits_low" }).check();
  await types.getByRole("button", { name: "Save event types" }).click();
  await expect(types.getByRole("status")).toHaveText("Saved: applies from the next event.");
  await page.reload();
  await expect(page.getByRole("form", { name: "Event types" }).getByRole("checkbox", { name: "credits_low" })).toBeChecked();

  // Deleting sits apart from the endpoint's everyday actions, in the page's danger zone.
  await page.getByRole("region", { name: "Danger zone" }).getByRole("button", { name: "Delete endpoint" }).click();
  await page.getByRole("dialog", { name: "Delete the test endpoint?" }).getByRole("button", { name: "Delete endpoint" }).click();
  await expect(page.getByRole("button", { name: "Add endpoint" })).toBeVisible();
  await expect(page.getByTestId("delivery-row")).toHaveCount(0);
});
