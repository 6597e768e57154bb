/**
 * SIGKILL of a whole process tree, as a crash or an OOM kill would do it, and proof that nothing
 * of it survives. Linux only: the tree is read from /proc.
 */
import type { ChildProcess } from "node:child_process";
import fs from "node:fs";
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

/** Resident memory of a process and its descendants, in MB. */
export function treeRssMb(pid: number): number {
  let kb = 0;
  for (const p of processTree(pid)) {
    const line = fs.readFileSync(`/proc/${p}/status`, "utf8").match(/^VmRSS:\s+(\d+)/m);
    kb += line ? Number(line[1]) : 0;
  }
  return kb / 1024;
}

/** Samples a process tree's resident memory until stopped; `peak()` is the highest sample, in MB. */
export function sampleRss(pid: number, everyMs: number): { peak: () => number; stop: () => void } {
  let peak = 0;
  const sample = () => {
    try {
      peak = Math.max(peak, treeRssMb(pid));
    } catch {
      // the process tree changed while it was read: the next sample counts
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  return { peak: () => (sample(), peak), stop: () => clearInterval(timer) };
}
