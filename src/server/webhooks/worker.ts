/**
 * The webhook worker: a dispatcher loop (outbox → deliveries, and the emails some events cause),
 * a few delivery slots and an email slot (when SMTP_URL is set), all polling PostgreSQL. Any number of workers, in app processes or `npm run worker` processes, can
 * run against one database: claims use SKIP LOCKED, so they share the work without double sends.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describeError, log } from "@/server/logging";
import { dispatchOutbox } from "./dispatch-outbox";
import { deliverNext } from "./deliver-next";
import { sendNextEmail } from "@/server/mail/send-next";

export type WebhookWorker = { stop: () => Promise<void> };

export type WorkerOptions = {
  /** Deliveries in flight at once in this process (none holds a database connection while it waits on a receiver). */
  concurrency?: number;
  /** How often an idle loop looks for work. */
  pollMs?: number;
};

export function startWebhookWorker(options: WorkerOptions = {}): WebhookWorker {
  const { concurrency = 4, pollMs = 1_000 } = options;
  const stopping = new AbortController();
  const idle = () => sleep(pollMs, undefined, { signal: stopping.signal }).catch(() => {});

  async function loop(name: string, step: () => Promise<boolean>) {
    while (!stopping.signal.aborted) {
      let busy = false;
      try {
        busy = await step();
      } catch (err) {
        log("error", "webhook worker step failed", { step: name, ...describeError(err) });
      }
      if (!busy) await idle();
    }
  }

  const loops = [
    loop("dispatch", async () => (await dispatchOutbox()).more),
    ...Array.from({ length: concurrency }, (_, i) => loop(`delivery slot ${i + 1}`, () => deliverNext())),
    loop("email", () => sendNextEmail()),
  ];
  return {
    /** Stops polling and waits for attempts in flight (at most the 10 s delivery timeout). */
    async stop() {
      stopping.abort();
      await Promise.all(loops);
    },
  };
}
