import type { Citizen, VerificationResult } from "@/contracts/verifications";

export type RegistryMatch = { result: VerificationResult; citizen: Citizen | null };

/** Who is asking and how long they may wait: the gateway uses it for quota priority, `X-Request-ID` and time budgets. */
export type LookupOptions = {
  /** Aborted when the caller's time budget runs out; the lookup stops waiting (for quota, a token or the response). */
  signal?: AbortSignal;
  /** Sent to the gateway as `X-Request-ID` (a single verify: Hubi's request id; a batch chunk: batch id and chunk number). */
  requestId?: string;
  /** Interactive verifies go ahead of batch chunks for the shared quota. */
  priority?: "interactive" | "batch";
};

/**
 * The registry gave no answer that can become a result: circuit open, no quota within the budget, timeout, refused
 * connection, 5xx, malformed body. Never a verification outcome by itself: the caller answers 503 REGISTRY_UNAVAILABLE
 * (free), keeps a pending lookup pending, or pauses a batch chunk.
 */
export class RegistryUnavailableError extends Error {
  constructor(
    readonly reason: "circuit_open" | "quota" | "timeout" | "upstream",
    /** When the caller may try again, if the registry said (a 429's or 503's Retry-After) or the circuit knows. */
    readonly retryAfterSeconds?: number,
  ) {
    super(`The national registry is unavailable (${reason})`);
    this.name = "RegistryUnavailableError";
  }
}

/** Where citizens are looked up. Sandbox: generated data; live: the registry gateway, or the imported mirror. */
export interface CitizenRegistry {
  lookup(nationalId: string, options?: LookupOptions): Promise<RegistryMatch>;
  /** Many IDs at once (a batch chunk): one answer per ID, in the same order. */
  lookupMany(nationalIds: string[], options?: LookupOptions): Promise<RegistryMatch[]>;
}
