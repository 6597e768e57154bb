/**
 * The portal's Batches page: a developer uploads a CSV, follows the batch's progress bar to the
 * end, reads its counts and downloads its results (one line per row, in order, no citizen details);
 * cancelling a batch asks first; in Somali, the page, its statuses, counts and a refused file's
 * explanation read in Somali.
 */
import { randomUUID } from "node:crypto";
import fs from "node:fs";
import { pool } from "@/server/db/client";
import { test, expect, signInAs } from "./fixtures";
import { createTestBusiness, uniqueNationalId } from "../test/support/factories";

test("upload a CSV, watch its progress bar complete, download the results", async ({ page }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);
  await page.goto("/overview");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Batches" }).click();
  await expect(page.getByRole("heading", { name: "Batches", level: 1 })).toBeVisible();

  const ids = ["11111111111", "22222222222", "12345", ...Array.from({ length: 2_997 }, () => uniqueNationalId())];
  await page.getByLabel("CSV file").setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from(`nationalId\n${ids.join("\n")}\n`) });
  await page.getByRole("button", { name: "Upload and verify" }).click();

  const progress = page.getByRole("progressbar");
  await expect(progress).toHaveCount(1);
  await expect(progress).toHaveAttribute("aria-valuemax", "3000");
  await expect(progress).toHaveAttribute("aria-valuenow", "3000", { timeout: 60_000 });
  const row = page.getByRole("row").filter({ has: progress });
  await expect(row.getByText("Completed")).toBeVisible();
  await expect(row).toContainText("3,000 of 3,000 rows");
  await expect(row).toContainText("Verified: 2,998");
  await expect(row).toContainText("Not found: 1");
  await expect(row).toContainText("Invalid: 1");

  const download = page.waitForEvent("download");
  await row.getByRole("link", { name: "Download results" }).click();
  const csv = fs.readFileSync((await (await download).path())!, "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("row,result,reference,verificationId,matchFullName,matchFullNameScore,matchDateOfBirth,error");
  expect(lines).toHaveLength(3_001);
  expect(lines.slice(1, 4).map((l) => l.split(",").slice(0, 2).join(","))).toEqual(["1,verified", "2,not_found", "3,invalid"]);
  expect(lines.slice(1).map((l) => Number(l.split(",")[0]))).toEqual(Array.from({ length: 3_000 }, (_, i) => i + 1));
  expect(csv).not.toContain("Amina");
  expect(csv).not.toContain("11111111111");
});

test("a malformed file is refused with the line at fault, and no batch is created; cancelling a batch asks first", async ({ page }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);
  await page.goto("/batches");
  await page.getByLabel("CSV file").setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("id,name\n1,x\n") });
  await page.getByRole("button", { name: "Upload and verify" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "The batch file is malformed; nothing was created" });
  await expect(alert).toContainText('line 1: Unknown columns "id", "name"');
  await expect(page.getByText("No batches yet")).toBeVisible();

  // A batch whose chunks were never stored: it waits, queued, until it is cancelled (no worker can finish it first).
  await pool().query(
    `INSERT INTO batch (id, business_id, mode, total_rows, chunk_count, request_id) VALUES (gen_random_uuid(), $1, 'test', 1, 1, 'req_e2e_cancel')`,
    [business.businessId],
  );
  await page.reload();
  const row = page.getByRole("table", { name: "Batches" }).locator("tbody tr");
  await expect(row.getByText("Queued")).toBeVisible();
  await row.getByRole("button", { name: "Cancel" }).click();
  const question = page.getByRole("dialog", { name: "Cancel this batch?" });
  await expect(question).toContainText("Rows not yet verified end as cancelled and cost nothing");
  await question.getByRole("button", { name: "Keep it running" }).click();
  await expect(question).toBeHidden();
  await expect(row.getByText("Queued")).toBeVisible();

  await row.getByRole("button", { name: "Cancel" }).click();
  await question.getByRole("button", { name: "Cancel batch" }).click();
  await expect(row.getByText("Cancelled")).toBeVisible();
  await expect(row.getByRole("button", { name: "Cancel" })).toHaveCount(0);
});

test("the Batches page in Somali: a refused file and a finished batch, in the reader's language", async ({ page }) => {
  const business = await createTestBusiness();
  await signInAs(page, business);
  await page.goto("/batches");
  // The header's switcher sets the NEXT_LOCALE cookie and saves the choice with the account.
  await page.getByRole("combobox", { name: "Language" }).selectOption("so");
  await expect(page.getByRole("heading", { name: "Dufcadaha", level: 1 })).toBeVisible();
  expect((await page.context().cookies()).find((c) => c.name === "NEXT_LOCALE")?.value).toBe("so");
  await expect(page.getByText("Weli dufcad ma jirto")).toBeVisible();

  const file = page.getByLabel("Faylka CSV");
  await file.setInputFiles({ name: "bad.csv", mimeType: "text/csv", buffer: Buffer.from("id,name\n1,x\n") });
  await page.getByRole("button", { name: "Soo geli oo xaqiiji" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Faylka dufcadda qaabkiisu waa khalad; waxba lama abuurin" });
  await expect(alert).toContainText('sadarka 1: Unknown columns "id", "name"');

  await file.setInputFiles({ name: "customers.csv", mimeType: "text/csv", buffer: Buffer.from("nationalId\n11111111111\n12345\n") });
  await page.getByRole("button", { name: "Soo geli oo xaqiiji" }).click();
  const row = page.getByRole("row").filter({ has: page.getByRole("progressbar", { name: /^Horumarka dufcadda / }) });
  await expect(row.getByText("Dhammaatay", { exact: true })).toBeVisible({ timeout: 60_000 });
  await expect(row).toContainText("2 ka mid ah 2 saf");
  await expect(row).toContainText("La xaqiijiyay: 1");
  await expect(row).toContainText("Khaldan: 1");
  await expect(row.getByRole("link", { name: "Soo deji natiijooyinka" })).toBeVisible();
  // A download the server refuses explains itself in Somali too.
  const missing = await page.request.get(`/batches/${randomUUID()}/results`);
  expect(missing.status()).toBe(404);
  expect(await missing.text()).toBe("Lama helin: waxaa laga yaabaa in la tirtiray. Fadlan eeg oo isku day mar kale.");
});
