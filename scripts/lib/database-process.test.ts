/**
 * `npm start`'s embedded PostgreSQL outlives a Ctrl-C until `npm start` stops it, and does not
 * outlive `npm start` itself. Here a script in a process group of its own, as a terminal runs
 * `npm start`, starts the database process; the group then gets a Ctrl-C, or a kill -9.
 */
import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./free-port";
import { waitFor } from "../../test/support/wait-for";

const SCRIPT = `
import("./scripts/lib/database-process.ts").then(async ({ startDatabaseProcess }) => {
  const db = await startDatabaseProcess({ dir: process.env.PG_DIR, port: Number(process.env.PG_PORT) });
  process.once("SIGINT", async () => {
    const { default: pg } = await import("pg");
    const client = new pg.Client(db.url);
    await client.connect();
    const { rows } = await client.query("SELECT 1 AS ok");
    await client.end();
    console.log("after the SIGINT the database answers " + rows[0].ok);
    await db.stop();
    console.log("stopped");
  });
  console.log("ready");
});`;

let dir: string;
let script: ChildProcess | undefined;

/** The script, in a group of its own, with its output's lines; `ready` once the database is up. */
async function startScript() {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "hubi-db-process-"));
  // As package.json runs npm start: node with tsx's loader, not the tsx command, which passes a
  // signal on to its child and kills it when the child is slow to acknowledge.
  const child = spawn(process.execPath, ["--import", "tsx", "--eval", SCRIPT], {
    detached: true,
    stdio: ["ignore", "pipe", "inherit"],
    env: { ...process.env, PG_DIR: dir, PG_PORT: String(await freePort()) },
  });
  script = child;
  const lines = readline.createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => (await lines.next()).value as string | undefined;
  expect(await next()).toBe("ready");
  return { child, next, exited: new Promise((resolve) => child.once("exit", resolve)) };
}

const serverRunning = () => fs.existsSync(path.join(dir, "postmaster.pid"));

afterEach(async () => {
  // A test that failed or timed out leaves nothing running: the database process stops its server
  // when the script is gone.
  if (script && script.exitCode === null && script.signalCode === null) process.kill(-script.pid!, "SIGKILL");
  await waitFor("the embedded PostgreSQL to stop", () => !serverRunning());
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm start's database process", () => {
  it("is not stopped by the terminal's Ctrl-C, and stops when told", async () => {
    const { child, next, exited } = await startScript();
    // Ctrl-C: SIGINT to every process of the terminal's foreground group.
    process.kill(-child.pid!, "SIGINT");
    expect([await next(), await next()]).toEqual(["after the SIGINT the database answers 1", "stopped"]);
    await exited;
    expect(serverRunning()).toBe(false);
  }, 60_000);

  it("stops the server when npm start is killed", async () => {
    const { child, exited } = await startScript();
    expect(serverRunning()).toBe(true);
    process.kill(-child.pid!, "SIGKILL");
    await exited;
    await waitFor("the embedded PostgreSQL to stop", () => !serverRunning());
  }, 60_000);
});
