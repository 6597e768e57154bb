/**
 * The portal in Af-Soomaali: the main journey of a new business in Somali, the language chosen
 * with the switcher and remembered (this browser, and the account on any browser), and a browser
 * that prefers Somali getting it by default.
 */
import { randomUUID } from "node:crypto";
import type { Page } from "@playwright/test";
import { testWithMail as test, expect, signInAs } from "./fixtures";
import { followEmailLink } from "./portal";

const html = (page: Page) => page.locator("html");

async function signUpInSomali(page: Page) {
  const creds = { email: `somali-${randomUUID()}@e2e.test`, password: "e2e password 1234" };
  await page.getByLabel("Magaca ganacsiga").fill("Xawaalada Hodan");
  await page.getByLabel("Magacaaga").fill("Hodan Cali");
  await page.getByLabel("Iimayl").fill(creds.email);
  await page.getByLabel("Erayga sirta ah").fill(creds.password);
  await page.getByRole("button", { name: "Samee akoon" }).click();
  await expect(page.getByRole("heading", { name: "Eeg iimaylkaaga" })).toBeVisible();
  await followEmailLink(page, creds.email, "Xaqiiji cinwaanka iimaylkaaga ee Hubi", "/confirm-email/");
  await expect(page.getByRole("heading", { name: "Xaqiiji cinwaanka iimaylkaaga" })).toBeVisible();
  await page.getByLabel("Erayga sirta ah").fill(creds.password);
  await page.getByRole("button", { name: "Xaqiiji oo soo gal" }).click();
  await expect(page.getByRole("heading", { name: "Muuqaalka guud", level: 1 })).toBeVisible();
  return creds;
}

test("the main journey in Somali: sign up, test key, verify, history; the choice survives reload and a new sign-in", async ({ page }) => {
  // An English-speaking browser (Playwright's en-US) whose user picks Somali on the sign-up page.
  await page.goto("/sign-up");
  await expect(page.getByRole("heading", { name: "Create your Hubi account" })).toBeVisible();
  await page.getByRole("combobox", { name: "Language" }).selectOption("so");
  await expect(page.getByRole("heading", { name: "Samee akoonkaaga Hubi" })).toBeVisible();
  await expect(html(page)).toHaveAttribute("lang", "so");

  // Validation speaks Somali too: the schema's own message and the default one.
  await page.getByRole("button", { name: "Samee akoon" }).click();
  await expect(page.getByText("Geli magaca ganacsiga")).toBeVisible();
  await expect(page.getByText("Geli cinwaan iimayl oo sax ah")).toBeVisible();

  const creds = await signUpInSomali(page);
  await expect(html(page)).toHaveAttribute("lang", "so");
  await expect(page.getByText("Habka tijaabada — xog tijaabo ah, kiredit lagama jarayo")).toBeVisible();
  const nav = page.getByRole("navigation", { name: "Hagaha ugu weyn" });
  await expect(nav.getByRole("link", { name: "Furayaasha API" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Taariikhda" })).toBeVisible();

  await page.goto("/keys");
  await page.getByRole("button", { name: "Samee fure" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("heading", { name: "Samee fure tijaabo ah" })).toBeVisible();
  await dialog.getByLabel("Magaca").fill("Furaha server-ka");
  await dialog.getByRole("button", { name: "Samee fure" }).click();
  await expect(dialog.getByTestId("new-api-key")).toHaveText(/^hubi_test_/);
  await dialog.getByRole("button", { name: "Waa dhammaatay" }).click();
  const keyRow = page.getByRole("row").filter({ hasText: "Furaha server-ka" });
  await expect(keyRow).toContainText("shaqaynaya");
  await expect(keyRow).toContainText("Weli lama isticmaalin");

  await page.goto("/verify");
  await page.getByLabel("Lambarka aqoonsiga qaran").fill("11111111111");
  await page.getByRole("button", { name: "Xaqiiji", exact: true }).click();
  await expect(page.getByTestId("verify-message")).toHaveText("Muwaadinka waa la xaqiijiyay");
  const reference = (await page.locator("dd.font-mono").first().textContent())!.trim();
  expect(reference).toMatch(/^HV-/);

  await page.goto("/history");
  await expect(page.getByRole("heading", { name: "Xaqiijinnada tijaabada" })).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: reference });
  await expect(row).toContainText("La xaqiijiyay");
  await expect(row).toContainText("Bogga");
  await expect(row).toContainText(/\d{2}:\d{2} UTC$/);

  // Reload: still Somali.
  await page.reload();
  await expect(page.getByRole("heading", { name: "Taariikhda", level: 1 })).toBeVisible();
  await expect(html(page)).toHaveAttribute("lang", "so");

  // Sign out: this browser keeps the choice for the sign-in page.
  await page.getByRole("button", { name: "Ka bax" }).click();
  await expect(page.getByRole("heading", { name: "Soo gal Hubi" })).toBeVisible();

  // Another browser (no cookies, English by default): the account's saved language wins after sign-in.
  await page.context().clearCookies();
  await page.goto("/sign-in");
  await expect(page.getByRole("heading", { name: "Sign in to Hubi" })).toBeVisible();
  await signInAs(page, creds);
  await expect(page.getByRole("heading", { name: "Muuqaalka guud", level: 1 })).toBeVisible();
  await expect(html(page)).toHaveAttribute("lang", "so");
});

test.describe("a browser that prefers Somali", () => {
  test.use({ locale: "so-SO" });

  test("gets Somali by default, and switching to English in the header sticks to the account", async ({ page }) => {
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { name: "Soo gal Hubi" })).toBeVisible();
    await expect(html(page)).toHaveAttribute("lang", "so");
    await page.getByRole("link", { name: "Samee akoon" }).click();
    const creds = await signUpInSomali(page);

    await page.getByRole("combobox", { name: "Luqadda" }).selectOption("en");
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute("lang", "en");
    await page.reload();
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();

    // A fresh browser preferring Somali: Somali until sign-in, then the account's English.
    await page.context().clearCookies();
    await page.goto("/sign-in");
    await expect(page.getByRole("heading", { name: "Soo gal Hubi" })).toBeVisible();
    await page.getByLabel("Iimayl").fill(creds.email);
    await page.getByLabel("Erayga sirta ah").fill(creds.password);
    await page.getByRole("button", { name: "Soo gal" }).click();
    await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
    await expect(html(page)).toHaveAttribute("lang", "en");
  });
});
