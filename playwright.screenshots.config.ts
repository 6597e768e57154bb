/**
 * `npm run screenshots`: pictures of the main pages at 1366 px and 390 px in English and Somali,
 * written to docs/screenshots/. Not part of `npm test`; re-run it after visible changes.
 */
import { defineConfig } from "@playwright/test";
import base from "./playwright.config";

export default defineConfig({ ...base, testDir: "screenshots", outputDir: "artifacts/playwright-screenshots", timeout: 600_000 });
