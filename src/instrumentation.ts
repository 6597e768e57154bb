/**
 * Next.js start-up hook. Every request gets its TCP peer's address (Next.js does not give route
 * handlers the socket). Background work runs beside each app process. The webhook worker
 * runs here too unless WEBHOOK_WORKER_IN_APP=false (then `npm run worker` processes deliver); it
 * needs no shutdown hook, since an attempt cut off by the process ending is rolled back and sent
 * again.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { recordPeerAddresses } = await import("@/server/http/peer-address");
  recordPeerAddresses();
  const { startMaintenance } = await import("@/server/maintenance");
  startMaintenance();
  const { env } = await import("@/env");
  if (!env().WEBHOOK_WORKER_IN_APP) return;
  const { startWebhookWorker } = await import("@/server/webhooks/worker");
  startWebhookWorker();
}
