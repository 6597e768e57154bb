/**
 * Next.js start-up hook. Every request gets its TCP peer's address (Next.js does not give route
 * handlers the socket), and Next.js's own slash redirects a request id. Background work runs beside each app process. The batch, pending-lookup and webhook
 * workers run here too unless BATCH_WORKER_IN_APP / PENDING_WORKER_IN_APP / WEBHOOK_WORKER_IN_APP=false (then
 * `npm run worker` processes do the work). Under `npm run web` (scripts/web.ts) a SIGTERM lets them
 * finish their current chunk, lookup or delivery; a process that dies instead leaves its work to be rolled
 * back and done again.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { hookIncomingRequests } = await import("@/server/http/incoming-requests");
  hookIncomingRequests();
  // Created now, so that a cluster primary asking every web process for its figures gets an answer.
  const { metrics } = await import("@/server/observability/metrics");
  metrics();
  const { startMaintenance } = await import("@/server/jobs/maintenance");
  startMaintenance();
  const { env } = await import("@/env");
  const { onShutdown } = await import("@/server/jobs/shutdown");
  if (env().BATCH_WORKER_IN_APP) {
    const { startBatchWorker } = await import("@/server/batches/worker");
    onShutdown(startBatchWorker({ concurrency: env().BATCH_WORKER_CONCURRENCY }).stop);
  }
  if (env().PENDING_WORKER_IN_APP) {
    const { startPendingLookupWorker } = await import("@/server/verifications/worker");
    onShutdown(startPendingLookupWorker().stop);
  }
  if (!env().WEBHOOK_WORKER_IN_APP) return;
  const { startWebhookWorker } = await import("@/server/webhooks/worker");
  onShutdown(startWebhookWorker().stop);
}
