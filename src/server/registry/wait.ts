/**
 * A registry answer that takes `ms` (Infinity: never comes), for the sandbox's slow IDs and the
 * tests' slow live IDs. It honours the caller's time budget as the gateway does: when the signal
 * aborts, the wait ends as a timeout, never as a result.
 */
import { setTimeout as sleep } from "node:timers/promises";
import { RegistryUnavailableError } from "./types";

export async function registryDelay(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) throw new RegistryUnavailableError("timeout");
  const waited = Number.isFinite(ms) ? sleep(ms, undefined, { signal }) : new Promise<void>((_, reject) => signal?.addEventListener("abort", reject, { once: true }));
  await waited.catch(() => {
    throw new RegistryUnavailableError("timeout");
  });
}
