/**
 * The operator CLI as an operator runs it: the run's bundle of src/cli/main.ts in a process of its
 * own (test/support/bundles.ts), with the test database's settings.
 */
import { execFile } from "node:child_process";
import fs from "node:fs";
import { expect } from "vitest";
import { bundled } from "./bundles";
import { processTree } from "./process-tree";
import { waitFor } from "./wait-for";

export type Run = { code: number; stdout: string; stderr: string };

export const PASSWORD = "correct horse battery staple";

/** A CLI run; stdin is closed at once unless `input` is given, and `env` adds to (or, with undefined, removes from) the test's environment. */
export function cliWith(options: { env?: Record<string, string | undefined>; input?: string }, ...args: string[]): Promise<Run & { cmdlines: string[] }> {
  return new Promise((resolve) => {
    let cmdlines: string[] = [];
    const child = execFile(
      process.execPath,
      [bundled("cli"), ...args],
      { env: { ...process.env, DATABASE_URL: process.env.DATABASE_URL, HUBI_SECRET: process.env.HUBI_SECRET, ...options.env }, timeout: 60_000 },
      (error, stdout, stderr) => resolve({ code: error ? (typeof error.code === "number" ? error.code : 1) : 0, stdout, stderr, cmdlines }),
    );
    if (options.input === undefined) return child.stdin!.end();
    // What `ps` would show while the command waits for its password: the CLI's process and any it started.
    void waitFor("the CLI's node process", () => {
      const tree = processTree(child.pid!);
      return tree.length >= 1 && tree;
    }).then((tree) => {
      cmdlines = tree.map((pid) => fs.readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " "));
      child.stdin!.end(options.input);
    });
  });
}

export const cli = (...args: string[]) => cliWith({}, ...args);
export const run = (args: string[], env: Record<string, string | undefined> = {}) => cliWith({ env }, ...args);
export const withPassword = { env: { HUBI_PASSWORD: PASSWORD } };

/** For a test that runs CLI processes one after the other (each loads the whole app's code: seconds apiece on a loaded machine). */
export const CLI_TEST_TIMEOUT_MS = 120_000;

export function ok(run: Run) {
  expect(run.stderr, run.stderr).toBe("");
  expect(run.code).toBe(0);
  return JSON.parse(run.stdout);
}
