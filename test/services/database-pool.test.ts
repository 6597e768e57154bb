/**
 * The pool, each case in a process of its own: its connection timeout (when every connection is
 * taken, a request fails fast instead of queueing without end behind a stuck pool), and a
 * connection lost while checked out (a database restart, an operator's pg_terminate_backend).
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

const LOST_IN_TRANSACTION = `
Promise.all([import("./src/server/db/transaction.ts"), import("./src/server/db/client.ts")]).then(async ([{ transaction }, { pool, disconnect }]) => {
  const outcome = await transaction(async (client) => {
    const { rows } = await client.query("SELECT pg_backend_pid() AS pid");
    // Lost between two statements: the client hears of it with no statement of its own running.
    const ended = new Promise((resolve) => client.once("end", resolve));
    await pool().query("SELECT pg_terminate_backend($1)", [rows[0].pid]);
    await ended;
    await client.query("SELECT 1");
  }).then(() => "committed", (error) => "failed: " + error.message);
  console.log(outcome);
  const { rows } = await pool().query("SELECT 1 AS ok");
  console.log("the pool answers: " + rows[0].ok);
  await disconnect();
});`;

const tsx = (script: string, env: Record<string, string> = {}) =>
  spawnSync(path.resolve("node_modules/.bin/tsx"), ["--eval", script], { encoding: "utf8", timeout: 30_000, env: { ...process.env, ...env } });

describe("the database pool", () => {
  it("fails the transaction whose connection is lost, and the process goes on", () => {
    const run = tsx(LOST_IN_TRANSACTION);
    expect(run.status, run.stderr).toBe(0);
    const lines = run.stdout.trim().split("\n");
    expect(lines.filter((line) => !line.startsWith("{"))).toEqual(["failed: Client has encountered a connection error and is not queryable", "the pool answers: 1"]);
    // Logged once, with the server's reason (57P01: terminated by an administrator).
    expect(lines.filter((line) => line.startsWith("{")).map((line) => JSON.parse(line))).toEqual([
      expect.objectContaining({ level: "error", msg: "database connection failed", errorCode: "57P01" }),
    ]);
  });

  it("refuses a request that cannot get a connection within the timeout", () => {
    const run = tsx(SCRIPT, { DATABASE_POOL_SIZE: "1", DATABASE_CONNECT_TIMEOUT_MS: "300" });
    expect(run.stdout, run.stderr).toMatch(/^refused after \d+ ms: timeout exceeded when trying to connect/);
    expect(Number(/after (\d+) ms/.exec(run.stdout)![1])).toBeLessThan(5_000);
  });
});
