/**
 * The webhook worker: a dispatcher loop (outbox → deliveries, and the emails some events cause),
 * a few delivery slots and an email slot (when SMTP_URL is set), all polling PostgreSQL. Any number of workers, in app processes or `npm run worker` processes, can
 * run against one database: claims use SKIP LOCKED, so they share the work without double sends.
 * `stop` waits for attempts in flight (at most the 10 s delivery timeout).
 */
import { startPollingLoops, type Loops } from "@/server/jobs/polling-loops";
import { dispatchOutbox } from "./dispatch-outbox";
import { deliverNext } from "./deliver-next";
import { sendNextEmail } from "@/server/mail/send-next";

export type WorkerOptions = {
  /** Deliveries in flight at once in this process (none holds a database connection while it waits on a receiver). */
  concurrency?: number;
  /** How often an idle loop looks for work. */
  pollMs?: number;
};

export function startWebhookWorker(options: WorkerOptions = {}): Loops {
  const { concurrency = 4, pollMs = 1_000 } = options;
  return startPollingLoops(
    "webhook worker step failed",
    [
      { name: "dispatch", step: async () => (await dispatchOutbox()).more },
      ...Array.from({ length: concurrency }, (_, i) => ({ name: `delivery slot ${i + 1}`, step: () => deliverNext() })),
      { name: "email", step: () => sendNextEmail() },
    ],
    pollMs,
  );
}
