/**
 * The processes Hubi starts outside Next.js (the web start, the worker, the CLI), each bundled
 * into one ES module with esbuild, the compiler tsx itself uses, so that they start with plain
 * `node`: under tsx a web process compiled the app's code again at every start (about three times
 * slower to come up) and rendered pages more slowly. Packages stay external, resolved from
 * node_modules as for the sources.
 */
import { build } from "esbuild";

const BUNDLED_ENTRIES = { cli: "src/cli/main.ts", worker: "scripts/worker.ts", web: "scripts/web.ts" } as const;
export type BundledEntry = keyof typeof BUNDLED_ENTRIES;

/** Bundles every entry into `outdir` as `<entry>.mjs`. */
export async function bundleEntries(outdir: string): Promise<void> {
  await build({
    entryPoints: BUNDLED_ENTRIES,
    outdir,
    outExtension: { ".js": ".mjs" },
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    tsconfig: "tsconfig.json",
    logLevel: "warning",
  });
}
