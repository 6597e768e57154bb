/**
 * The admin console, the account page, the guide, the landing page and the 404 in Somali: an
 * admin chooses Af-Soomaali with the console's language switcher, and every page they open next
 * speaks it (the choice is saved with the account), with `<html lang="so">`. Code, field names and
 * error codes stay as they are.
 */
import { randomUUID } from "node:crypto";
import { expect, signInAs, test } from "./fixtures";
import { businessWithPendingApplication } from "../test/support/live-access";

const origin = () => new URL(process.env.E2E_BASE_URL!).origin;

test("an admin switches to Somali and walks the admin console, the account page and the guide in it", async ({ page, admin }) => {
  const name = `Hodan Remit ${randomUUID().slice(0, 6)}`;
  await businessWithPendingApplication({ name });
  await signInAs(page, admin);
  await page.goto("/admin");
  await expect(page.getByRole("heading", { name: "Dashboard", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "en");

  await page.getByLabel("Language").selectOption("so");
  await expect(page.getByRole("heading", { name: "Muuqaalka guud", level: 1 })).toBeVisible();
  await expect(page.locator("html")).toHaveAttribute("lang", "so");
  const figures = page.getByLabel("Tirooyinka madasha");
  for (const label of ["Ganacsiyada", "Codsiyada rasmiga ee sugaya", "Kiredit, 30 maalmood", "Webhook-yada fashilmay, 7 maalmood"]) await expect(figures).toContainText(label);
  // Counts go through ICU plurals: the chart covers the last 14 UTC days.
  await expect(page.getByText(/xaqiijin muddadii 14 maalmood ee u dambeysay/)).toBeVisible();

  const nav = page.getByRole("navigation", { name: "Maamulka" });
  await nav.getByRole("link", { name: "Ganacsiyada" }).click();
  await expect(page.getByRole("heading", { name: "Ganacsiyada", level: 1 })).toBeVisible();
  await page.getByLabel("Ku raadi magaca ganacsiga").fill(name);
  await page.getByRole("button", { name: "Raadi" }).click();
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("Shaqaynaya");
  await expect(row).toContainText("Sugaya dib-u-eegis");
  await row.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
  await expect(page.getByRole("form", { name: "Kiredit sii" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Haki ganacsiga" })).toBeVisible();
  await expect(page.getByText(/· 1 xubin · ID/)).toBeVisible();

  await nav.getByRole("link", { name: "Gelitaanka habka rasmiga" }).click();
  await expect(page.getByRole("heading", { name: "Codsiyada gelitaanka habka rasmiga", level: 1 })).toBeVisible();

  await nav.getByRole("link", { name: "Diiwaanka qaranka" }).click();
  await expect(page.getByRole("heading", { name: "Diiwaanka qaranka", level: 1, exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "Eeg faylka" })).toBeDisabled();

  await nav.getByRole("link", { name: "Diiwaanka dabagalka" }).click();
  await expect(page.getByRole("heading", { name: "Diiwaanka dabagalka", level: 1 })).toBeVisible();
  await expect(page.getByRole("status", { name: "Xaaladda silsiladda dabagalka" })).toContainText("Silsiladdu waa sax.");
  await expect(page.getByRole("button", { name: "Shaandhee" })).toBeVisible();

  // Saved with the account: the next page, rendered afresh on the server, is Somali too.
  await page.goto("/account");
  await expect(page.locator("html")).toHaveAttribute("lang", "so");
  await expect(page.getByRole("heading", { name: "Akoonka", level: 1 })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Galitaanka laba-tallaabo" })).toBeVisible();
  await expect(page.getByText("Daaran", { exact: true })).toBeVisible();
  await expect(page.getByRole("table", { name: "Meelaha furan" })).toContainText("Biraawsarkan");

  await page.goto("/docs/guide");
  await expect(page.locator("html")).toHaveAttribute("lang", "so");
  await expect(page.getByRole("heading", { name: "Hagaha isku-xirka", level: 1 })).toBeVisible();
  for (const section of ["Bilow degdeg ah", "Isbarbardhigga aqoonsiga", "Oggolaanshaha iyo ilaalinta xogta", "Cilladaha", "Dhacdooyinka"]) {
    await expect(page.getByRole("heading", { name: section, level: 2 })).toBeVisible();
  }
  const firstExample = page.locator("figure").filter({ hasText: "curl" }).first();
  await expect(firstExample.locator("code")).toContainText(`curl ${origin()}/api/v1/verify/citizen`);
  await expect(firstExample.getByRole("button", { name: "Koobiyee curl" })).toBeVisible();
  const rateLimited = page.locator("#error-rate-limited");
  await expect(rateLimited).toContainText("RATE_LIMITED");
  await expect(rateLimited).toContainText("In ka badan 60 codsi daqiiqaddii");
  // API values stand as code, the sentence around them in Somali.
  await expect(rateLimited.locator("code")).toHaveText("Retry-After");
  await expect(page.locator("#error-bad-request")).toContainText("goob kasta oo khaldan");
  await expect(page.locator("#error-bad-request code")).toHaveText("errors[]");

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Ku xaqiiji aqoonsiga muwaadin Soomaaliyeed lambarkiisa aqoonsiga qaran.", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Akhri hagaha" })).toBeVisible();

  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "Boggan ma jiro", level: 1 })).toBeVisible();
  await expect(page.getByRole("link", { name: "Ku noqo Hubi" })).toBeVisible();
  await expect(page).toHaveTitle(/Boggan lama helin/);
});
