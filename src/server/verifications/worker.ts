/**
 * The pending-lookup worker: a few slots per process, each taking the next due lookup from
 * PostgreSQL (complete-pending-lookup.ts). Runs in every app
 * process (PENDING_WORKER_IN_APP) and in `npm run worker` processes with the `pending` task; any
 * number of them share the work. `stop` lets the attempts in progress finish.
 */
import { startPollingLoops, type Loops } from "@/server/jobs/polling-loops";
import { processNextPendingLookup } from "./complete-pending-lookup";

export function startPendingLookupWorker(options: { concurrency?: number; pollMs?: number } = {}): Loops {
  const { concurrency = 2, pollMs = 500 } = options;
  return startPollingLoops(
    "pending lookup failed",
    Array.from({ length: concurrency }, (_, i) => ({ name: `pending lookup slot ${i + 1}`, step: processNextPendingLookup })),
    pollMs,
  );
}
