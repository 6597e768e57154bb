/**
 * Where a benchmark's CPU goes, read from /proc: CPU seconds used by every process on the machine,
 * grouped by program (the app's server, PostgreSQL, the load generator). Two snapshots around a
 * run give each program's share, which tells whether the app, the database or the load generator
 * is the bottleneck on a 2-core machine.
 */
import fs from "node:fs";

const TICKS_PER_SECOND = 100;

export type CpuSnapshot = Map<string, number>;

export function cpuSnapshot(): CpuSnapshot {
  const byProgram: CpuSnapshot = new Map();
  for (const entry of fs.readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, "utf8");
    } catch {
      continue; // the process ended while the list was read
    }
    // "pid (comm) state ppid ...": comm may hold spaces, so split after its closing parenthesis.
    const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const seconds = (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
    const program = Number(entry) === process.pid ? "load generator" : programOf(comm);
    byProgram.set(program, (byProgram.get(program) ?? 0) + seconds);
  }
  return byProgram;
}

function programOf(comm: string): string {
  if (comm.startsWith("postgres")) return "PostgreSQL";
  if (comm.startsWith("next-server") || comm === "node" || comm.startsWith("MainThread")) return "app";
  return "other";
}

/** CPU milliseconds per request for each program between two snapshots, largest first. */
export function cpuPerRequest(before: CpuSnapshot, after: CpuSnapshot, requests: number): string {
  return [...after]
    .map(([program, seconds]) => [program, ((seconds - (before.get(program) ?? 0)) * 1000) / Math.max(1, requests)] as const)
    .filter(([, ms]) => ms >= 0.01)
    .sort((a, b) => b[1] - a[1])
    .map(([program, ms]) => `${program} ${ms.toFixed(2)} ms`)
    .join(", ");
}
