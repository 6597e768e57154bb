/**
 * Background loops that poll PostgreSQL for work (webhook delivery, batch chunks): each loop runs
 * its step again at once while there is work, waits `pollMs` when there is none, logs a failed
 * step (no message: it may hold data) and carries on. `stop` lets the steps in progress finish.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { describeError, log } from "@/server/observability/logger";

export type Loops = { stop: () => Promise<void> };

export function startPollingLoops(failure: string, loops: { name: string; step: () => Promise<boolean> }[], pollMs: number): Loops {
  const stopping = new AbortController();
  const idle = () => sleep(pollMs, undefined, { signal: stopping.signal }).catch(() => {});

  async function loop(name: string, step: () => Promise<boolean>) {
    while (!stopping.signal.aborted) {
      let busy = false;
      try {
        busy = await step();
      } catch (err) {
        log("error", failure, { step: name, ...describeError(err) });
      }
      if (!busy) await idle();
    }
  }

  const running = loops.map(({ name, step }) => loop(name, step));
  return {
    async stop() {
      stopping.abort();
      await Promise.all(running);
    },
  };
}
