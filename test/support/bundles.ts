/**
 * The CLI, the worker and the web start bundled once per test run (scripts/lib/bundle-entries.ts),
 * from the sources as they are now: tests start dozens of these processes, and a test run must not
 * depend on whether `npm run build` ran since the last change. The bundles live inside the repo, so
 * node resolves packages from node_modules as it does for the build's own (dist/).
 */
import fs from "node:fs";
import path from "node:path";
import { bundleEntries as bundleInto, type BundledEntry } from "../../scripts/lib/bundle-entries";

export type { BundledEntry };

/** Where a global setup hands the bundles' folder to the test processes it starts. */
const BUNDLE_DIR_VARIABLE = "HUBI_TEST_BUNDLE_DIR";

/** Bundles every entry into a folder of this run's own; returns a function that removes it. */
export async function bundleEntries(): Promise<() => void> {
  const dir = path.resolve("artifacts/test-bundles", String(process.pid));
  await bundleInto(dir);
  process.env[BUNDLE_DIR_VARIABLE] = dir;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}

/** The bundled script of `entry`, for `node <script> ...args`. */
export function bundled(entry: BundledEntry): string {
  const dir = process.env[BUNDLE_DIR_VARIABLE];
  if (!dir) throw new Error(`${BUNDLE_DIR_VARIABLE} is unset: the test run's global setup bundles the CLI and the worker (test/support/bundles.ts)`);
  return path.join(dir, `${entry}.mjs`);
}

let bundling: Promise<unknown> | undefined;

/**
 * The bundled script of `entry`, bundled now if this process has no bundles yet (a browser-test
 * worker, the benchmark), and removed when it exits.
 */
export async function bundledNow(entry: BundledEntry): Promise<string> {
  if (!process.env[BUNDLE_DIR_VARIABLE]) {
    bundling ??= bundleEntries().then((remove) => process.once("exit", remove));
    await bundling;
  }
  return bundled(entry);
}
