/**
 * One process's line of /proc/<pid>/stat (Linux), read by the benchmark's CPU accounting and by
 * the tests that kill a whole process tree. The command name may hold spaces and parentheses, so
 * the fields are read after its last closing parenthesis.
 */
import fs from "node:fs";

const TICKS_PER_SECOND = 100;

export type ProcStat = { pid: number; comm: string; state: string; ppid: number; pgrp: number; cpuSeconds: number };

/** Null when the process has ended. */
export function readProcStat(pid: number): ProcStat | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const comm = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return {
    pid,
    comm,
    state: fields[0]!,
    ppid: Number(fields[1]),
    pgrp: Number(fields[2]),
    cpuSeconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND,
  };
}

/** Every process on the machine. */
export function allProcStats(): ProcStat[] {
  return fs
    .readdirSync("/proc")
    .filter((entry) => /^\d+$/.test(entry))
    .flatMap((entry) => readProcStat(Number(entry)) ?? []);
}
