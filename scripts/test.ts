/**
 * `npm test`: every check, from a clean state, the way CI runs it.
 * Static checks (types, lint, layer boundaries, the OpenAPI document through Redocly and Spectral) → production build → unit + API tests (vitest, real PostgreSQL and HTTP server)
 * → browser tests (Playwright in Chromium) → personal-data scan of everything the servers logged.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { ensureChromium } from "./lib/chromium";
import { scanLogs } from "./lib/scan-logs";
import { LOG_DIR } from "../test/support/app";

function step(title: string, command: string, args: string[], env: Record<string, string> = {}): void {
  console.log(`\n▶ ${title}`);
  const started = Date.now();
  const run = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...env } });
  if (run.status !== 0) {
    console.error(`\n✖ ${title} failed (exit ${run.status ?? run.signal}).`);
    process.exit(1);
  }
  console.log(`✔ ${title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

ensureChromium();
fs.rmSync(LOG_DIR, { recursive: true, force: true });

step("Generate the Prisma client", "npx", ["prisma", "generate"]);
step("Type check", "npx", ["tsc", "--noEmit"]);
step("Lint", "npx", ["eslint", ".", "--max-warnings=0"]);
step("Layer boundaries and cycles (dependency-cruiser)", "npm", ["run", "--silent", "lint:layers"]);
step("OpenAPI lint (Redocly, Spectral)", "npx", ["tsx", "scripts/lint-openapi.ts"]);
step("Production build", "npx", ["next", "build"]);
step("Unit and API tests", "npx", ["vitest", "run"]);
if (fs.existsSync("playwright.config.ts")) step("Browser tests", "npx", ["playwright", "test"]);

console.log("\n▶ Personal-data scan of server logs");
const findings = scanLogs(LOG_DIR);
if (findings.length > 0) {
  console.error(`✖ Server logs contain what looks like a national ID or an API key:\n  ${findings.join("\n  ")}`);
  process.exit(1);
}
console.log(`✔ No national ID or API key in ${fs.existsSync(LOG_DIR) ? fs.readdirSync(LOG_DIR).length : 0} server log file(s)`);
