/** The main pages work under the Content-Security-Policy: nothing they need is blocked. */
import { test, expect, signInAs } from "./fixtures";
import { createTestBusiness } from "../test/support/factories";

test("the portal, the docs and the guide run with no CSP violation", async ({ page }) => {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (/Content Security Policy|Refused to (load|execute|apply|connect)/i.test(message.text())) violations.push(message.text());
  });
  page.on("pageerror", (error) => violations.push(error.message));

  const business = await createTestBusiness();
  await signInAs(page, business);
  for (const path of ["/overview", "/verify", "/history", "/keys", "/docs/guide", "/docs"]) {
    await page.goto(path);
    await page.waitForLoadState("networkidle");
  }
  await page.goto("/verify");
  await page.getByLabel("National ID").fill("11111111111");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByTestId("verify-message")).toHaveText("Citizen verified");
  expect(violations).toEqual([]);
});
