/**
 * The pool's connection timeout: when every connection is taken, a request fails fast instead of
 * queueing without end behind a stuck pool. Run in a process of its own with a one-connection pool.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { describe, expect, it } from "vitest";

const SCRIPT = `
import("./src/server/db/client.ts").then(async ({ pool, disconnect }) => {
  // The one connection, however long a loaded machine takes to open it (past the timeout too).
  let held;
  while (!held) held = await pool().connect().catch(() => undefined);
  const started = Date.now();
  try {
    await pool().query("SELECT 1");
    console.log("answered");
  } catch (error) {
    console.log("refused after " + (Date.now() - started) + " ms: " + error.message);
  }
  held.release();
  await disconnect();
});`;

describe("the database pool", () => {
  it("refuses a request that cannot get a connection within the timeout", () => {
    const run = spawnSync(path.resolve("node_modules/.bin/tsx"), ["--eval", SCRIPT], {
      encoding: "utf8",
      timeout: 30_000,
      env: { ...process.env, DATABASE_POOL_SIZE: "1", DATABASE_CONNECT_TIMEOUT_MS: "300" },
    });
    expect(run.stdout, run.stderr).toMatch(/^refused after \d+ ms: timeout exceeded when trying to connect/);
    expect(Number(/after (\d+) ms/.exec(run.stdout)![1])).toBeLessThan(5_000);
  });
});
