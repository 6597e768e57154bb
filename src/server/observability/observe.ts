/**
 * One log line and one histogram sample per request and per background job: the two views an
 * operator has of the same event, fed from one place so that they always agree.
 */
import { log, type Field, type Level } from "./logger";
import { metrics, type JobKind } from "./metrics";

export type ObservedRequest = {
  requestId: string;
  /** The route's pattern (`/api/v1/verifications/{id}`, `trpc/keys.create`), never the raw path. */
  route: string;
  method: string;
  status: number;
  durationMs: number;
  businessId?: string | null;
  mode?: string | null;
  keyHint?: string | null;
};

export function observeRequest(r: ObservedRequest): void {
  metrics().httpDuration.observe({ route: r.route, method: r.method, status: String(r.status) }, r.durationMs / 1000);
  log("info", "request", { ...r, durationMs: Math.round(r.durationMs) });
}

/** Outcomes worth a look: an error on our side, or work that did not get done this time. */
const LEVEL: Record<string, Level> = { error: "error", failed: "warn", retrying: "warn", lease_lost: "warn", abandoned: "warn", not_recorded: "error" };

/** A job that did work: its kind, its outcome (a closed set per kind) and what identifies it. */
export function observeJob(job: JobKind, outcome: string, startedAt: number, fields: Record<string, Field> = {}): void {
  const durationMs = performance.now() - startedAt;
  metrics().jobDuration.observe({ job, outcome }, durationMs / 1000);
  log(LEVEL[outcome] ?? "info", "job", { job, outcome, durationMs: Math.round(durationMs), ...fields });
}
