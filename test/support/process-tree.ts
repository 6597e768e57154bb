/**
 * SIGKILL of a whole process tree, as a crash or an OOM kill would do it, and proof that nothing
 * of it survives. Linux only: the tree is read from /proc.
 */
import fs from "node:fs";
import type { ChildProcess } from "node:child_process";
import { waitFor } from "./wait-for";

type ProcessInfo = { pid: number; ppid: number; pgrp: number; state: string };

function processes(): ProcessInfo[] {
  const found: ProcessInfo[] = [];
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const info = readProcess(Number(entry));
    if (info) found.push(info);
  }
  return found;
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces): state, ppid, pgrp. */
function readProcess(pid: number): ProcessInfo | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null; // gone
  }
  const [state, ppid, pgrp] = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return { pid, ppid: Number(ppid), pgrp: Number(pgrp), state: state! };
}

/** A zombie has ended; it only waits for its parent (or init) to read its status. */
const alive = (pid: number) => {
  const info = readProcess(pid);
  return info !== null && info.state !== "Z";
};

/** `root` and its descendants, and every member of its process group if it leads one. */
export function processTree(root: number): number[] {
  const all = processes();
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
  if (readProcess(root)?.pgrp === root) process.kill(-root, "SIGKILL");
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
