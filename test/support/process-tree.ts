/**
 * SIGKILL of a whole process tree, as a crash or an OOM kill would do it, and proof that nothing
 * of it survives. Linux only: the tree is read from /proc.
 */
import type { ChildProcess } from "node:child_process";
import { allProcStats, readProcStat } from "../../scripts/lib/proc-stat";
import { waitFor } from "./wait-for";

/** A zombie has ended; it only waits for its parent (or init) to read its status. */
const alive = (pid: number) => {
  const info = readProcStat(pid);
  return info !== null && info.state !== "Z";
};

/** `root` and its descendants, and every member of its process group if it leads one. */
export function processTree(root: number): number[] {
  const all = allProcStats();
  const tree = new Set([root, ...all.filter((p) => p.pgrp === root).map((p) => p.pid)]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of all) {
      if (tree.has(p.ppid) && !tree.has(p.pid)) {
        tree.add(p.pid);
        grew = true;
      }
    }
  }
  return [...tree].filter(alive);
}

/**
 * SIGKILLs `child` and everything it started: its process group at once when it leads one
 * (spawned `detached`), then each descendant found, then waits until none of them is alive.
 * Returns the pids killed.
 */
export async function killProcessTree(child: ChildProcess): Promise<number[]> {
  const root = child.pid!;
  const exited = child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((r) => child.once("exit", r));
  const tree = processTree(root);
  if (readProcStat(root)?.pgrp === root) process.kill(-root, "SIGKILL");
  for (const pid of tree) {
    try {
      process.kill(pid, "SIGKILL");
    } catch {
      // already gone
    }
  }
  await exited;
  await waitFor(`processes ${tree.join(", ")} to end`, () => !tree.some(alive) && processTree(root).length === 0, 10_000);
  return tree;
}
