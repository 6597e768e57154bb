import path from "node:path";
import { defineConfig } from "vitest/config";
import { OWN_PROCESS_FILES } from "./test/own-process-files";

const ALL = ["src/**/*.test.ts", "scripts/**/*.test.ts", "test/**/*.test.ts", "sdk/test/**/*.test.ts"];

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-env.ts"],
    pool: "forks",
    // The files mostly wait (on the app server, PostgreSQL, worker processes): two forks per core
    // keep the cores busy.
    maxWorkers: 4,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Most files share their fork's modules with the files before them: importing the app once per
    // fork instead of once per file is most of what vitest's CPU went to. The files that change the
    // environment or the database client run in a process of their own.
    projects: [
      { extends: true, test: { name: "shared", include: ALL, exclude: OWN_PROCESS_FILES, isolate: false } },
      { extends: true, test: { name: "own-process", include: OWN_PROCESS_FILES } },
    ],
  },
});
