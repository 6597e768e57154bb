/**
 * Pulls the sandbox lever a test-mode national ID names (src/contracts/sandbox.ts), so that
 * integrators can rehearse every error and event without waiting for it to happen for real.
 * Errors are thrown before anything is written; credit events are raised in their own statement,
 * since the sandbox has no balance to move.
 */
import { SANDBOX_LEVERS, type SandboxLever } from "@/contracts/sandbox";
import { pool } from "@/server/db/client";
import { AppError } from "@/server/errors";
import { buildEvent, raiseEvent } from "@/server/events/outbox";
import { INSUFFICIENT_CREDITS_MESSAGE } from "@/server/credits/charge-credit-sql";

const LEVER_BY_ID = new Map<string, SandboxLever>(Object.entries(SANDBOX_LEVERS).map(([lever, id]) => [id, lever as SandboxLever]));
const SANDBOX_THRESHOLD = 10;

export async function pullSandboxLever(businessId: string, nationalId: string): Promise<void> {
  switch (LEVER_BY_ID.get(nationalId)) {
    case "insufficient_credits":
      throw new AppError("INSUFFICIENT_CREDITS", INSUFFICIENT_CREDITS_MESSAGE);
    case "rate_limited":
      // With the headers of a real 429 (the key's own count stays as it is).
      throw new AppError("RATE_LIMITED", "Rate limit exceeded (sandbox lever). Retry after 2 s.", {
        headers: { "Retry-After": "2", "RateLimit-Remaining": "0", "RateLimit-Reset": "2" },
      });
    case "internal_error":
      throw new AppError("INTERNAL_ERROR", "Something went wrong on our side (sandbox lever). Retrying with the same Idempotency-Key is safe.");
    case "credits_low":
      await raiseEvent(pool(), businessId, buildEvent("credits_low", "test", { balance: SANDBOX_THRESHOLD - 1, threshold: SANDBOX_THRESHOLD }));
      return;
    case "credits_exhausted":
      await raiseEvent(pool(), businessId, buildEvent("credits_exhausted", "test", { balance: 0, threshold: SANDBOX_THRESHOLD }));
      return;
    // The slow registry and its outage are the sandbox registry's own (sandbox.ts).
    case "slow_response":
    case "pending":
    case "registry_outage":
    case undefined:
      return;
  }
}
