/**
 * Structured logs through pino: one JSON object a line on stdout (`time`, `level`, `msg`, `pid`
 * and the caller's fields), at or above LOG_LEVEL. Callers pass named primitive fields only; there
 * is no way to log a request body, headers or query string, which is how national IDs and keys
 * stay out of logs. `npm run dev` pipes the lines through pino-pretty; the app itself always
 * writes JSON, so no worker thread or transport runs inside the server.
 */
import pino, { type Logger } from "pino";
import { env } from "@/env";

export type Level = "debug" | "info" | "warn" | "error";
export type Field = string | number | boolean | null | undefined;

const globalForLog = globalThis as unknown as { hubiLogger?: Logger };

function logger(): Logger {
  // One logger per process, however many bundles import this module.
  globalForLog.hubiLogger ??= pino(
    {
      level: env().LOG_LEVEL,
      base: { pid: process.pid },
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }) },
    },
    // Synchronous: a line written before a crash or exit is not lost in a buffer.
    pino.destination({ fd: 1, sync: true }),
  );
  return globalForLog.hubiLogger;
}

export function log(level: Level, msg: string, fields: Record<string, Field> = {}): void {
  logger()[level](fields, msg);
}

/** An unexpected error, described without its message's data: type, code and the code location. */
export function describeError(error: unknown): Record<string, Field> {
  if (!(error instanceof Error)) return { errorType: typeof error };
  const frame = error.stack?.split("\n").find((l) => l.trim().startsWith("at "))?.trim();
  return { errorType: error.name, errorCode: (error as { code?: string }).code ?? null, at: frame ?? null };
}
