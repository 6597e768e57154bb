/**
 * Where a benchmark's CPU goes, read from /proc: CPU seconds used by every process on the machine,
 * grouped by program (the app's server, PostgreSQL, the load generator). Two snapshots around a
 * run give each program's share, which tells whether the app, the database or the load generator
 * is the bottleneck on a 2-core machine.
 */
import { allProcStats } from "./proc-stat";

export type CpuSnapshot = Map<string, number>;

export function cpuSnapshot(): CpuSnapshot {
  const byProgram: CpuSnapshot = new Map();
  for (const p of allProcStats()) {
    const program = p.pid === process.pid ? "load generator" : programOf(p.comm);
    byProgram.set(program, (byProgram.get(program) ?? 0) + p.cpuSeconds);
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
