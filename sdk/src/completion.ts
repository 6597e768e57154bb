/**
 * Waiting for a `pending` verification to complete: polls `GET /verifications/{id}` (free) with
 * backoff within a deadline, and asks at once when the `verification_completed` event for it
 * arrives through your webhook receiver (`Completions.notify`). The lookup behind a pending
 * verification goes on for up to 15 minutes, then ends `unavailable` (its credit refunded).
 *
 * A poll that fails for a reason that passes (429, a 5xx, the network) does not end the wait: the
 * next poll comes no sooner than its Retry-After. Polls are spread a little (jitter), so that the
 * many waits a slow registry starts at once do not all ask at the same instant.
 */
import { AbortedError, TimeoutError } from "./errors.js";
import { checkDuration, type RequestOptions } from "./options.js";
import { isRetryable } from "./retry-policy.js";
import type { GetVerificationResult, WebhookEvent } from "./types.js";

export type WaitForVerificationOptions = Omit<RequestOptions, "deadlineMs"> & {
  /** Give up after this long (default 16 minutes: past the registry's 15 minutes). Rejects with a TimeoutError. */
  deadlineMs?: number;
  /** The first wait between two polls (default 1 s, at least 100 ms); it doubles up to `maxPollIntervalMs`. */
  pollIntervalMs?: number;
  /** The longest wait between two polls (default 30 s); a webhook event cuts it short. */
  maxPollIntervalMs?: number;
};

const DEFAULTS = { deadlineMs: 16 * 60_000, pollIntervalMs: 1_000, maxPollIntervalMs: 30_000 };
const MIN_POLL_INTERVAL_MS = 100;

/** One wait's registration: an event for its verification wakes its sleep, or its next one if it is polling. */
type Waiter = { notified: boolean; wake?: () => void };

export class Completions {
  readonly #waiters = new Map<string, Set<Waiter>>();

  constructor(
    private readonly retrieve: (id: string, options: RequestOptions) => Promise<GetVerificationResult>,
    private readonly docsBaseUrl?: string,
  ) {}

  /** Resolves with the verification once its result is final (`citizen` with it when verified, for 24 h). */
  async wait(id: string, options: WaitForVerificationOptions = {}): Promise<GetVerificationResult> {
    const { deadlineMs, pollIntervalMs, maxPollIntervalMs, ...perCall } = { ...DEFAULTS, ...definedOnly(options) };
    checkDuration("deadlineMs", deadlineMs, 1);
    checkDuration("pollIntervalMs", pollIntervalMs, MIN_POLL_INTERVAL_MS);
    checkDuration("maxPollIntervalMs", maxPollIntervalMs, MIN_POLL_INTERVAL_MS);
    const deadline = Date.now() + deadlineMs;
    const waiter: Waiter = { notified: false };
    const waiters = this.#waiters.get(id) ?? new Set();
    this.#waiters.set(id, waiters.add(waiter));
    try {
      for (let interval = Math.min(pollIntervalMs, maxPollIntervalMs); ; interval = Math.min(interval * 2, maxPollIntervalMs)) {
        let floorMs = 0;
        try {
          // Each poll, its retries included, within what is left of the wait.
          const verification = await this.retrieve(id, { ...perCall, deadlineMs: Math.max(1, deadline - Date.now()) });
          if (verification.result !== "pending") return verification;
        } catch (error) {
          if (!isRetryable(error) || perCall.signal?.aborted) throw error;
          floorMs = (error.retryAfter ?? 0) * 1000;
        }
        const stillPending = () =>
          new TimeoutError(deadlineMs, { message: `Verification ${id} was still pending after ${deadlineMs} ms`, docsBaseUrl: this.docsBaseUrl });
        const left = deadline - Date.now();
        if (left <= 0) throw stillPending();
        // Its event came while it polled: ask again at once.
        if (waiter.notified) {
          waiter.notified = false;
          continue;
        }
        const sleepMs = Math.min(Math.max(floorMs, interval * (0.8 + 0.4 * Math.random())), left);
        const woken = await this.#sleep(waiter, sleepMs, perCall.signal);
        // No poll starts after the deadline. A sleep to the deadline ends the wait even when its
        // timer fired a millisecond early by the wall clock (timers may), unless an event woke it.
        if ((!woken && sleepMs === left) || Date.now() >= deadline) throw stillPending();
      }
    } finally {
      waiters.delete(waiter);
      if (waiters.size === 0) this.#waiters.delete(id);
    }
  }

  /**
   * Hand every webhook event you receive here (after `Hubi.webhooks.verify`): a waiter on the
   * verification it completes asks again at once instead of at its next poll.
   */
  notify(event: WebhookEvent): void {
    if (event.type !== "verification_completed") return;
    const id = (event.data as { id?: string }).id;
    if (!id) return;
    for (const waiter of this.#waiters.get(id) ?? []) {
      if (waiter.wake) waiter.wake();
      else waiter.notified = true;
    }
  }

  /** Resolves true when an event for the verification woke it, false when its time was up. */
  #sleep(waiter: Waiter, ms: number, signal?: AbortSignal): Promise<boolean> {
    return new Promise((resolve, reject) => {
      if (signal?.aborted) return reject(new AbortedError({ cause: signal.reason, docsBaseUrl: this.docsBaseUrl }));
      const cleanUp = () => {
        clearTimeout(timer);
        waiter.wake = undefined;
        signal?.removeEventListener("abort", aborted);
      };
      const wake = (byEvent: boolean) => {
        cleanUp();
        resolve(byEvent);
      };
      const aborted = () => {
        cleanUp();
        reject(new AbortedError({ cause: signal?.reason, docsBaseUrl: this.docsBaseUrl }));
      };
      const timer = setTimeout(() => wake(false), ms);
      waiter.wake = () => wake(true);
      signal?.addEventListener("abort", aborted, { once: true });
    });
  }
}

function definedOnly<T extends object>(options: T): Partial<T> {
  return Object.fromEntries(Object.entries(options).filter(([, value]) => value !== undefined)) as Partial<T>;
}
