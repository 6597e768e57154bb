/**
 * Browser tests run in Debian's Chromium (Playwright cannot download its own browsers here).
 * Installs it when missing and we are root; otherwise fails loudly. Never skips.
 */
import { execSync } from "node:child_process";
import fs from "node:fs";

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export function ensureChromium(): void {
  if (fs.existsSync(CHROMIUM_PATH)) return;
  const root = process.getuid?.() === 0;
  if (root && fs.existsSync("/usr/bin/apt-get")) {
    console.log("Chromium not found: installing Debian's chromium package for the browser tests…");
    execSync("apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium", { stdio: "inherit" });
    if (fs.existsSync(CHROMIUM_PATH)) return;
  }
  throw new Error(
    `Chromium is required for the browser tests but was not found at ${CHROMIUM_PATH}. ` +
      "Install it with `apt-get install chromium` (Debian) or set CHROMIUM_PATH.",
  );
}
