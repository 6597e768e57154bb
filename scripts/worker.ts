/**
 * `npm run worker`: webhook delivery and email sending as their own process (run any number; set
 * WEBHOOK_WORKER_IN_APP=false to keep delivery out of the web processes).
 */
import { disconnect } from "@/server/db/client";
import { startWebhookWorker } from "@/server/webhooks/worker";
import { env } from "@/env";
import { log } from "@/server/logging";

env();
const worker = startWebhookWorker();
log("info", "webhook worker started");

async function shutdown() {
  await worker.stop();
  await disconnect();
  process.exit(0);
}
process.once("SIGINT", shutdown);
process.once("SIGTERM", shutdown);
