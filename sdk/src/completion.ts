/**
 * Waiting for a `pending` verification to complete: polls `GET /verifications/{id}` (free) with
 * backoff within a deadline, and asks at once when the `verification_completed` event for it
 * arrives through your webhook receiver (`Completions.notify`). The lookup behind a pending
 * verification goes on for up to 15 minutes, then ends `unavailable` (its credit refunded).
 */
import { AbortedError, TimeoutError } from "./errors.js";
import type { GetVerificationResult, WebhookEvent } from "./types.js";

export type WaitForVerificationOptions = {
  /** Give up after this long (default 16 minutes: past the registry's 15 minutes). Rejects with a TimeoutError. */
  deadlineMs?: number;
  /** The first wait between two polls (default 1 s); it doubles up to `maxPollIntervalMs`. */
  pollIntervalMs?: number;
  /** The longest wait between two polls (default 30 s); a webhook event cuts it short. */
  maxPollIntervalMs?: number;
  signal?: AbortSignal;
};

const DEFAULTS = { deadlineMs: 16 * 60_000, pollIntervalMs: 1_000, maxPollIntervalMs: 30_000 };

export class Completions {
  readonly #wakers = new Map<string, Set<() => void>>();

  constructor(private readonly retrieve: (id: string, signal?: AbortSignal) => Promise<GetVerificationResult>) {}

  /** Resolves with the verification once its result is final (`citizen` with it when verified, for 24 h). */
  async wait(id: string, options: WaitForVerificationOptions = {}): Promise<GetVerificationResult> {
    const { deadlineMs, pollIntervalMs, maxPollIntervalMs } = { ...DEFAULTS, ...definedOnly(options) };
    const deadline = Date.now() + deadlineMs;
    for (let interval = pollIntervalMs; ; interval = Math.min(interval * 2, maxPollIntervalMs)) {
      const verification = await this.retrieve(id, options.signal);
      if (verification.result !== "pending") return verification;
      const left = deadline - Date.now();
      if (left <= 0) throw new TimeoutError(deadlineMs);
      await this.#sleep(id, Math.min(interval, left), options.signal);
    }
  }

  /**
   * Hand every webhook event you receive here (after `Hubi.webhooks.verify`): a waiter on the
   * verification it completes asks again at once instead of at its next poll.
   */
  notify(event: WebhookEvent): void {
    if (event.type !== "verification_completed") return;
    const id = (event.data as { id?: string }).id;
    if (id) for (const wake of this.#wakers.get(id) ?? []) wake();
  }

  #sleep(id: string, ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new AbortedError({ cause: signal.reason }));
      const wakers = this.#wakers.get(id) ?? new Set();
      this.#wakers.set(id, wakers);
      const cleanUp = () => {
        clearTimeout(timer);
        wakers.delete(wake);
        if (wakers.size === 0) this.#wakers.delete(id);
        signal?.removeEventListener("abort", aborted);
      };
      const wake = () => {
        cleanUp();
        resolve();
      };
      const aborted = () => {
        cleanUp();
        reject(new AbortedError({ cause: signal?.reason }));
      };
      const timer = setTimeout(wake, ms);
      wakers.add(wake);
      signal?.addEventListener("abort", aborted, { once: true });
    });
  }
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
