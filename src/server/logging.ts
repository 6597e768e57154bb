/**
 * Structured logs, one JSON object a line. Callers pass named fields only; there is no way to log
 * a request body, headers or query string, which is how national IDs and keys stay out of logs.
 */
import { env } from "@/env";

type Level = "debug" | "info" | "warn" | "error";
type Field = string | number | boolean | null | undefined;

const ORDER: Record<Level | "silent", number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 };

export function log(level: Level, msg: string, fields: Record<string, Field> = {}): void {
  if (ORDER[level] < ORDER[env().LOG_LEVEL]) return;
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields });
  (level === "error" || level === "warn" ? process.stderr : process.stdout).write(`${line}\n`);
}

/** An unexpected error, described without its message's data: type, code and the code location. */
export function describeError(error: unknown): Record<string, Field> {
  if (!(error instanceof Error)) return { errorType: typeof error };
  const frame = error.stack?.split("\n").find((l) => l.trim().startsWith("at "))?.trim();
  return { errorType: error.name, errorCode: (error as { code?: string }).code ?? null, at: frame ?? null };
}
