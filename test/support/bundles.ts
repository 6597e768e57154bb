/**
 * The CLI (src/cli/main.ts) and the worker (scripts/worker.ts) bundled once per test run with
 * esbuild, the compiler tsx itself uses. Tests start dozens of these processes: with `tsx`, each
 * one compiled the app's code again (seconds apiece on a busy 2-core machine); the bundle starts
 * the same entry with plain `node`. Packages stay external and the bundles live inside the repo,
 * so node resolves them from node_modules as it does for `npm run cli` and `npm run worker`.
 */
import fs from "node:fs";
import path from "node:path";
import { build } from "esbuild";

const ENTRIES = { cli: "src/cli/main.ts", worker: "scripts/worker.ts" } as const;
export type BundledEntry = keyof typeof ENTRIES;

/** Where a global setup hands the bundles' folder to the test processes it starts. */
const BUNDLE_DIR_VARIABLE = "HUBI_TEST_BUNDLE_DIR";

/** Bundles every entry into a folder of this run's own; returns a function that removes it. */
export async function bundleEntries(): Promise<() => void> {
  const dir = path.resolve("artifacts/test-bundles", String(process.pid));
  await build({
    entryPoints: ENTRIES,
    outdir: dir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: "tsconfig.json",
    logLevel: "warning",
  });
  process.env[BUNDLE_DIR_VARIABLE] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** The bundled script of `entry`, for `node <script> ...args`. */
export function bundled(entry: BundledEntry): string {
  const dir = process.env[BUNDLE_DIR_VARIABLE];
  if (!dir) throw new Error(`${BUNDLE_DIR_VARIABLE} is unset: the test run's global setup bundles the CLI and the worker (test/support/bundles.ts)`);
  return path.join(dir, `${entry}.mjs`);
}
