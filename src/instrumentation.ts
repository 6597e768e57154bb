/**
 * Next.js start-up hook: the app process also runs the webhook worker unless
 * WEBHOOK_WORKER_IN_APP=false (then `npm run worker` processes do the delivery). No shutdown hook
 * is needed: an attempt cut off by the process ending is rolled back and sent again.
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { env } = await import("@/env");
  if (!env().WEBHOOK_WORKER_IN_APP) return;
  const { startWebhookWorker } = await import("@/server/webhooks/worker");
  startWebhookWorker();
}
