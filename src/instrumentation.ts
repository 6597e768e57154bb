/**
 * Next.js start-up hook. Every request gets its TCP peer's address (Next.js does not give route
 * handlers the socket), and Next.js's own slash redirects a request id. Background work runs beside each app process. The batch and webhook
 * workers run here too unless BATCH_WORKER_IN_APP / WEBHOOK_WORKER_IN_APP=false (then
 * `npm run worker` processes do the work); they need no shutdown hook, since work cut off by the
 * process ending is rolled back and done again.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { hookIncomingRequests } = await import("@/server/http/incoming-requests");
  hookIncomingRequests();
  const { startMaintenance } = await import("@/server/jobs/maintenance");
  startMaintenance();
  const { env } = await import("@/env");
  if (env().BATCH_WORKER_IN_APP) {
    const { startBatchWorker } = await import("@/server/batches/worker");
    startBatchWorker({ concurrency: env().BATCH_WORKER_CONCURRENCY });
  }
  if (!env().WEBHOOK_WORKER_IN_APP) return;
  const { startWebhookWorker } = await import("@/server/webhooks/worker");
  startWebhookWorker();
}
