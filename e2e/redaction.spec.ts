/** An owner redacts a verification from its certificate; the API then shows it redacted. */
import { test, expect, signInAs } from "./fixtures";
import { verifyViaApi } from "./portal";
import { createTestBusiness } from "../test/support/factories";

test("an owner redacts a verification from its certificate, after confirming what goes and what stays", async ({ page, request }) => {
  const business = await createTestBusiness();
  const made = await verifyViaApi(request, business.testKey, { nationalId: "11111111111", purpose: "Mortgage 2291" });
  const { id, reference } = (await made.json()).data;
  await signInAs(page, business);
  await page.goto(`/history/${id}`);
  await expect(page.getByText("Mortgage 2291")).toBeVisible();
  await expect(page.getByText("*******1111")).toBeVisible();

  await page.getByRole("region", { name: "Danger zone" }).getByRole("button", { name: "Redact", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Redact this verification?" });
  await expect(dialog).toContainText(reference);
  await dialog.getByRole("button", { name: "Redact verification" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("(redacted)")).toBeVisible();
  await expect(page.getByText("Mortgage 2291")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Redact", exact: true })).toHaveCount(0);

  const retrieved = await request.get(`/api/v1/verifications/${id}`, { headers: { authorization: `Bearer ${business.testKey}` } });
  expect((await retrieved.json()).data).toMatchObject({ id, reference, purpose: null, redactedAt: expect.any(String) });
});
