/**
 * `npm test`: every check, from a clean state, the way CI runs it.
 * Generated code (Prisma client, Next's route types) → static checks side by side (types, lint,
 * layer boundaries, the OpenAPI document through Redocly and Spectral) → production build → unit + API tests (vitest,
 * real PostgreSQL and HTTP server) beside browser tests (Playwright in Chromium) → personal-data scan of
 * everything the servers logged. The time budget and how to keep it: docs/operations.md, "Tests".
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import readline from "node:readline";
import { ensureChromium } from "./lib/chromium";
import { scanLogs } from "./lib/scan-logs";
import { LOG_DIR } from "../test/support/app";

type Step = { title: string; command: string; args: string[]; env?: Record<string, string> };

const bin = (name: string) => path.resolve("node_modules/.bin", name);

function run(s: Step, output: "inherit" | "buffer"): Promise<{ code: number | null; text: string }> {
  return new Promise((resolve) => {
    const child = spawn(s.command, s.args, { stdio: output === "inherit" ? "inherit" : "pipe", env: { ...process.env, ...s.env } });
    let text = "";
    child.stdout?.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (text += chunk.toString()));
    child.once("close", (code) => resolve({ code, text }));
  });
}

/**
 * Runs steps at the same time, each one's output printed whole when it ends. Only for steps that
 * use one core each (the type checker, ESLint, dependency-cruiser, the OpenAPI linters): side by
 * side on two cores they take about as long as the slowest instead of the sum.
 */
async function together(steps: Step[]): Promise<void> {
  console.log(`\n▶ ${steps.map((s) => s.title).join(", ")} (side by side)`);
  const results = await Promise.all(
    steps.map(async (s) => {
      const started = Date.now();
      const result = await run(s, "buffer");
      console.log(`\n── ${s.title}\n${result.text.trimEnd()}`);
      console.log(`${result.code === 0 ? "✔" : "✖"} ${s.title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
      return result.code === 0;
    }),
  );
  if (results.includes(false)) {
    console.error(`\n✖ ${steps.filter((_, i) => !results[i]).map((s) => s.title).join(", ")} failed.`);
    process.exit(1);
  }
}

/**
 * Runs long steps at the same time, every line of output printed as it comes with the step's tag
 * in front, so that a long run shows its progress and each line says which suite it is from. The
 * JSON log lines that app code running inside a suite's own processes writes (the gateway adapter's
 * tests, for instance) go to a file in LOG_DIR instead: out of the way, and under the personal-data
 * scan with the servers' logs.
 */
async function streamed(steps: (Step & { tag: string })[]): Promise<void> {
  console.log(`\n▶ ${steps.map((s) => s.title).join(", ")} (side by side)`);
  const results = await Promise.all(
    steps.map(
      (s) =>
        new Promise<boolean>((resolve) => {
          const started = Date.now();
          // No colours: lines of two suites interleave, and a colour left open by one would bleed.
          const child = spawn(s.command, s.args, { stdio: ["ignore", "pipe", "pipe"], env: { ...process.env, ...s.env, NO_COLOR: "1" } });
          fs.mkdirSync(LOG_DIR, { recursive: true });
          const inProcessLog = fs.createWriteStream(path.join(LOG_DIR, `${s.tag}-in-process.log`));
          for (const stream of [child.stdout, child.stderr]) {
            readline.createInterface({ input: stream }).on("line", (line) => {
              if (line.startsWith('{"level":')) inProcessLog.write(`${line}\n`);
              else console.log(`[${s.tag}] ${line}`);
            });
          }
          child.once("close", (code) => {
            console.log(`${code === 0 ? "✔" : "✖"} ${s.title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
            inProcessLog.end(() => resolve(code === 0));
          });
        }),
    ),
  );
  if (results.includes(false)) {
    console.error(`\n✖ ${steps.filter((_, i) => !results[i]).map((s) => s.title).join(", ")} failed.`);
    process.exit(1);
  }
}

async function step(s: Step): Promise<void> {
  console.log(`\n▶ ${s.title}`);
  const started = Date.now();
  const { code } = await run(s, "inherit");
  if (code !== 0) {
    console.error(`\n✖ ${s.title} failed (exit ${code}).`);
    process.exit(1);
  }
  console.log(`✔ ${s.title} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}

ensureChromium();
fs.rmSync(LOG_DIR, { recursive: true, force: true });

await step({ title: "Generate the Prisma client", command: bin("prisma"), args: ["generate"] });
// The route types the type check reads (.next/types), without a build.
await step({ title: "Generate Next's route types", command: bin("next"), args: ["typegen"] });
await together([
  { title: "Type check", command: bin("tsc"), args: ["--noEmit"] },
  { title: "Lint", command: bin("eslint"), args: [".", "--max-warnings=0"] },
  { title: "Layer boundaries and cycles (dependency-cruiser)", command: "npm", args: ["run", "--silent", "lint:layers"] },
  { title: "OpenAPI lint (Redocly, Spectral)", command: bin("tsx"), args: ["scripts/lint-openapi.ts"] },
]);
// The type check above covered the app with the same tsconfig: the build does not repeat it.
await step({ title: "Production build", command: bin("next"), args: ["build"], env: { HUBI_BUILD_SKIP_TYPECHECK: "true" } });
// The build's bundles of the web start, the worker and the CLI (`npm run build`'s last step), which the image's roles run.
await step({ title: "Bundle the web start, worker and CLI", command: bin("tsx"), args: ["scripts/bundle.ts"] });
// Both suites mostly wait (on their app servers, PostgreSQL, workers, the browser): side by side
// they keep two cores busy, each on stacks of its own (databases, app servers and ports apart).
await streamed([
  { title: "Unit and API tests", tag: "vitest", command: bin("vitest"), args: ["run"] },
  { title: "Browser tests", tag: "browser", command: bin("playwright"), args: ["test"] },
]);

console.log("\n▶ Personal-data scan of server logs");
const findings = scanLogs(LOG_DIR);
if (findings.length > 0) {
  console.error(`✖ Server logs contain what looks like a national ID or an API key:\n  ${findings.join("\n  ")}`);
  process.exit(1);
}
console.log(`✔ No national ID or API key in ${fs.existsSync(LOG_DIR) ? fs.readdirSync(LOG_DIR).length : 0} server log file(s)`);
