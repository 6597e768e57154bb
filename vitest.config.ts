import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: { alias: { "@": path.resolve(import.meta.dirname, "src") } },
  test: {
    include: ["src/**/*.test.ts", "scripts/**/*.test.ts", "test/**/*.test.ts", "sdk/test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    setupFiles: ["test/setup-env.ts"],
    pool: "forks",
    // The files mostly wait (on the app server, PostgreSQL, worker processes): two forks per core
    // keep the cores busy.
    maxWorkers: 4,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
