/**
 * The batch worker: a few slots per process, each taking the next waiting chunk from PostgreSQL
 * (src/server/batches/process-chunk.ts). Runs in every app process and in `npm run worker`
 * processes; any number of them share the work, chunk by chunk, without doing a row twice. `stop`
 * lets the chunks in progress commit.
 */
import { startPollingLoops, type Loops } from "@/server/jobs/polling-loops";
import { processNextChunk } from "@/server/batches/process-chunk";

export function startBatchWorker(options: { concurrency?: number; pollMs?: number } = {}): Loops {
  const { concurrency = 2, pollMs = 500 } = options;
  return startPollingLoops(
    "batch chunk failed",
    Array.from({ length: concurrency }, (_, i) => ({ name: `batch slot ${i + 1}`, step: processNextChunk })),
    pollMs,
  );
}
