/**
 * When to try again. The default schedule spreads 11 attempts over about 3 days; the
 * WEBHOOK_RETRY_SCHEDULE setting (comma-separated seconds) replaces it, mainly so tests can
 * compress it.
 */
import { env } from "@/env";

const DEFAULT_SCHEDULE_SECONDS = [5, 300, 1_800, 7_200, 18_000, 36_000, 36_000, 50_400, 72_000, 86_400];
const MAX_RETRY_AFTER_SECONDS = 86_400;
/** An endpoint that has not had one success for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 86_400_000;

export function retrySchedule(): number[] {
  const configured = env().WEBHOOK_RETRY_SCHEDULE;
  if (!configured) return DEFAULT_SCHEDULE_SECONDS;
  const parsed = configured.split(",").map((s) => Number(s.trim()));
  if (parsed.some((n) => !Number.isFinite(n) || n < 0)) throw new Error("WEBHOOK_RETRY_SCHEDULE must be comma-separated seconds");
  return parsed;
}

/**
 * Delay in ms before the next attempt after `attemptsMade` failed attempts, or null when the
 * schedule is used up. ±10 % jitter keeps many failing deliveries from retrying in lockstep; a
 * receiver's Retry-After (429/503) is honoured by never retrying sooner than it asked.
 */
export function nextRetryDelayMs(attemptsMade: number, retryAfterSeconds: number | null): number | null {
  const base = retrySchedule()[attemptsMade - 1];
  if (base === undefined) return null;
  const jittered = base * 1000 * (0.9 + Math.random() * 0.2);
  const asked = Math.min(retryAfterSeconds ?? 0, MAX_RETRY_AFTER_SECONDS) * 1000;
  return Math.round(Math.max(jittered, asked));
}
