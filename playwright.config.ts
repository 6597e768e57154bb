import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH } from "./scripts/lib/chromium";

export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  outputDir: "artifacts/playwright",
  // A journey (sign-in with two factors, a dozen pages, screenshots) takes 30-40 s alone and up to
  // twice that while the unit and API suite loads both cores beside it: room for both, so that
  // only a test that is stuck runs out of time.
  timeout: 180_000,
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
