/** Page helpers for the business portal, by visible labels, shared by the specs. */
import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { randomUUID } from "node:crypto";
import type { Credentials } from "./fixtures";

export async function signUp(page: Page, businessName = "E2E Microfinance"): Promise<Credentials> {
  const creds = { email: `owner-${randomUUID()}@e2e.test`, password: "e2e password 1234" };
  await page.goto("/sign-up");
  await page.getByLabel("Business name").fill(businessName);
  await page.getByLabel("Your name").fill("Edna Owner");
  await page.getByLabel("Email").fill(creds.email);
  await page.getByLabel("Password").fill(creds.password);
  await page.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Overview", level: 1 })).toBeVisible();
  return creds;
}

/** Creates a key on the API keys page (in the current mode) and returns the full key shown once. */
export async function createKeyInUi(page: Page, name: string): Promise<string> {
  await page.goto("/keys");
  await page.getByRole("button", { name: "Create key" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill(name);
  await dialog.getByRole("button", { name: "Create key" }).click();
  const key = (await dialog.getByTestId("new-api-key").textContent())!.trim();
  await dialog.getByRole("button", { name: "Done" }).click();
  return key;
}

export async function verifyViaApi(request: APIRequestContext, key: string, body: Record<string, unknown>) {
  return request.post("/api/v1/verify/citizen", { headers: { authorization: `Bearer ${key}` }, data: body });
}

/** The request log is written in batches off the hot path: reload until the request shows up. */
export async function findInRequestLog(page: Page, requestId: string) {
  await page.goto("/request-log");
  await expect(async () => {
    await page.getByLabel("Request ID").fill(requestId);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByRole("cell", { name: requestId, exact: true })).toBeVisible({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

export async function setMode(page: Page, mode: "test" | "live") {
  const toggle = page.getByRole("switch", { name: "Live mode" });
  if ((await toggle.getAttribute("aria-checked")) !== String(mode === "live")) await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", String(mode === "live"));
}
