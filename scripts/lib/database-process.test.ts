/**
 * `npm start`'s embedded PostgreSQL outlives a Ctrl-C until `npm start` stops it: here a script in
 * a process group of its own, as a terminal runs `npm start`, gets the group's SIGINT, then still
 * queries the database before stopping it.
 */
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { afterEach, describe, expect, it } from "vitest";
import { freePort } from "./free-port";

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

let dir: string | undefined;
afterEach(() => {
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
});

describe("npm start's database process", () => {
  it("is not stopped by the terminal's Ctrl-C, and stops when told", async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "hubi-db-process-"));
    // As package.json runs npm start: node with tsx's loader, not the tsx command, which passes a
    // signal on to its child and kills it when the child is slow to acknowledge.
    const child = spawn(process.execPath, ["--import", "tsx", "--eval", SCRIPT], {
      detached: true,
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, PG_DIR: dir, PG_PORT: String(await freePort()) },
    });
    const exited = new Promise((resolve) => child.once("exit", resolve));
    const lines: string[] = [];
    try {
      for await (const line of readline.createInterface({ input: child.stdout! })) {
        lines.push(line);
        // Ctrl-C: SIGINT to every process of the terminal's foreground group.
        if (line === "ready") process.kill(-child.pid!, "SIGINT");
        if (line === "stopped") break;
      }
      expect(lines).toEqual(["ready", "after the SIGINT the database answers 1", "stopped"]);
      expect(fs.existsSync(path.join(dir, "postmaster.pid"))).toBe(false);
    } finally {
      if (child.exitCode === null) process.kill(-child.pid!, "SIGKILL");
      await exited;
    }
  }, 60_000);
});
