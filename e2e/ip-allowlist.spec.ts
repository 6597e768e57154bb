/** Setting a key's IP allowlist in the portal: the API then admits the key only from those addresses. */
import { test, expect, signInAs } from "./fixtures";
import { createKeyInUi, keyAction } from "./portal";
import { createTestBusiness } from "../test/support/factories";

test("an allowlist set in the portal limits the key to those addresses at once, and a bad entry is explained", async ({ page, request }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);
  const key = await createKeyInUi(page, "Billing server");
  const verifyFrom = (address: string) =>
    request.post("/api/v1/verify/citizen", {
      headers: { authorization: `Bearer ${key}`, "x-forwarded-for": address },
      data: { nationalId: "22222222222" },
    });
  expect((await verifyFrom("192.0.2.10")).status()).toBe(200);

  const row = page.getByRole("row").filter({ hasText: "Billing server" });
  await expect(row.getByRole("cell", { name: "Anywhere" })).toBeVisible();
  await keyAction(page, "Billing server", "Edit");
  const dialog = page.getByRole("dialog");
  const allowlist = dialog.getByLabel("Allowed IP addresses");
  await allowlist.fill("203.0.113.0/24\n2001:db8::/33\n10.0.0.0/40");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog.getByText('"10.0.0.0/40" has a prefix length outside 0–32')).toBeVisible();
  expect((await verifyFrom("192.0.2.10")).status()).toBe(200);

  await allowlist.fill("203.0.113.77/24\n2001:DB8::/33");
  await dialog.getByRole("button", { name: "Save changes" }).click();
  await expect(dialog).toBeHidden();
  await expect(row.getByRole("cell", { name: "203.0.113.0/24, 2001:db8::/33" })).toBeVisible();

  const refused = await verifyFrom("192.0.2.10");
  expect(refused.status()).toBe(403);
  expect((await refused.json()).message).toBe("This API key cannot be used from this address.");
  expect((await verifyFrom("203.0.113.200")).status()).toBe(200);
  expect((await verifyFrom("2001:db8:7fff::1")).status()).toBe(200);
  expect((await verifyFrom("2001:db8:8000::1")).status()).toBe(403);

  // The edit dialog shows what is enforced, in canonical form, for the next change.
  await keyAction(page, "Billing server", "Edit");
  await expect(dialog.getByLabel("Allowed IP addresses")).toHaveValue("203.0.113.0/24\n2001:db8::/33");
});
