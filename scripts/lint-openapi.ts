/**
 * `npm run lint:openapi`: the OpenAPI document through two independent linters, Redocly
 * (redocly.yaml) and Spectral (.spectral.yaml), as an integrator's tooling would see it. Any
 * warning fails: generated clients and validating proxies trip over what linters warn about.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openApiDocument } from "@/server/openapi/document";

const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "hubi-openapi-")), "openapi.json");
fs.writeFileSync(file, JSON.stringify(openApiDocument(), null, 2));

const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
const linters: [string, string[]][] = [
  ["Redocly", ["redocly", "lint", file, "--config", "redocly.yaml", "--max-problems", "50"]],
  ["Spectral", ["spectral", "lint", file, "--ruleset", ".spectral.yaml", "--fail-severity", "warn"]],
];

let failed = false;
for (const [name, args] of linters) {
  const run = spawnSync("npx", ["--no-install", ...args], { stdio: "pipe", encoding: "utf8", env });
  const output = `${run.stdout}${run.stderr}`;
  // Redocly exits 0 on warnings; its summary line counts them.
  const warned = /You have \d+ warnings?/.test(output);
  if (run.status !== 0 || warned) {
    failed = true;
    console.error(`✖ ${name}:\n${output}`);
  } else {
    console.log(`✔ ${name}: no errors, no warnings`);
  }
}
fs.rmSync(path.dirname(file), { recursive: true, force: true });
process.exit(failed ? 1 : 0);
