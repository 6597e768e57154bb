import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

describe("a failing test run exits non-zero", () => {
  it("keeps the exit code a test runner sets once the embedded PostgreSQL module is loaded", () => {
    const script = `import("./src/server/db/embedded.ts").then(async (m) => { await m.loadEmbeddedPostgres(); process.exitCode = 3; });`;
    const run = spawnSync(path.resolve("node_modules/.bin/tsx"), ["--eval", script], { encoding: "utf8", timeout: 60_000 });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(3);
  });
});
