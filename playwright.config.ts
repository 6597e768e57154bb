import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH } from "./scripts/lib/chromium";

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "artifacts/playwright",
  timeout: 90_000,
  expect: { timeout: 15_000 },
  // The tests of a file run in order, in one worker; files are spread over two workers, each with a
  // database and an app server of its own (the `stack` fixture in e2e/fixtures.ts).
  fullyParallel: false,
  workers: 2,
  retries: 0,
  reporter: [["list"], ["html", { open: "never", outputFolder: "artifacts/playwright-report" }]],
  use: {
    trace: { mode: "retain-on-failure", screenshots: false },
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-quic"],
    },
  },
});
