/**
 * `npm run worker`: webhook delivery, email sending, batch processing and pending registry lookups as their own
 * process. Run any number of them; WORKER_TASKS (default `webhooks,batches,pending`) picks the work a process
 * does, so each kind can be scaled on its own. Set WEBHOOK_WORKER_IN_APP, BATCH_WORKER_IN_APP and
 * PENDING_WORKER_IN_APP to false to keep that work out of the web processes. With METRICS_PORT set, the process serves its own /metrics there.
 */
import { disconnect } from "@/server/db/client";
import { startWebhookWorker } from "@/server/webhooks/worker";
import { startBatchWorker } from "@/server/batches/worker";
import { startPendingLookupWorker } from "@/server/verifications/worker";
import { env } from "@/env";
import { log } from "@/server/observability/logger";
import { serveMetrics } from "@/server/observability/metrics-server";
import { runShutdownHooks } from "@/server/jobs/shutdown";

const TASKS = ["webhooks", "batches", "pending"];
const tasks = new Set((process.env.WORKER_TASKS ?? TASKS.join(",")).split(",").map((t) => t.trim()));
const unknown = [...tasks].filter((t) => !TASKS.includes(t));
if (unknown.length > 0 || tasks.size === 0) {
  process.stderr.write(`WORKER_TASKS lists some of ${TASKS.join(", ")} (got ${process.env.WORKER_TASKS})\n`);
  process.exit(2);
}

env();
const workers = [
  ...(tasks.has("batches") ? [startBatchWorker({ concurrency: env().BATCH_WORKER_CONCURRENCY })] : []),
  ...(tasks.has("pending") ? [startPendingLookupWorker()] : []),
  ...(tasks.has("webhooks") ? [startWebhookWorker()] : []),
];
const metricsServer = env().METRICS_PORT ? await serveMetrics(env().METRICS_PORT!, process.env.HOST || "0.0.0.0") : null;
// Test harnesses wait for this line (test/support/worker-process.ts).
log("info", "worker started", { tasks: [...tasks].join(","), metricsPort: env().METRICS_PORT ?? null });

/**
 * SIGTERM: the chunk and the delivery in progress finish and record their outcome, and so do the
 * figures of the registry calls made since their last flush; then the process exits.
 */
async function shutdown() {
  log("info", "worker stopping");
  metricsServer?.close();
  await Promise.all(workers.map((w) => w.stop()));
  await runShutdownHooks();
  await disconnect();
  process.exit(0);
}
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
