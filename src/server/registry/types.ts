import type { Citizen, VerificationResult } from "@/contracts/verifications";

export type RegistryMatch = { result: VerificationResult; citizen: Citizen | null };

/** Who is asking and how long they may wait: the gateway uses it for quota priority, `X-Request-ID` and time budgets. */
/** The registry gateway answers at most this many IDs in one call: a longer list is asked in groups of it, in order. */
export const LOOKUP_GROUP_SIZE = 100;

export type LookupOptions = {
  /** Aborted when the caller's time budget runs out; the lookup stops waiting (for quota, a token or, without `answerSignal`, the response). */
  signal?: AbortSignal;
  /**
   * How long the answer to a request already sent may take, when that is longer than the budget: a
   * lookup that goes on after its verify was answered (product rules §26) waits for the call it made
   * instead of asking again. Nothing new starts once `signal` has aborted (no quota, no retry).
   */
  answerSignal?: AbortSignal;
  /**
   * Sent to the gateway as `X-Request-ID` (a single verify: Hubi's request id; a batch chunk: batch
   * id and chunk number), with `.n` after it for the nth group of a list of more than one group.
   */
  requestId?: string;
  /**
   * The numbers of the groups the IDs make up in the caller's whole list, when it asks again for
   * only some of its groups (a resumed batch chunk): each call keeps the request id it had the
   * first time, and no other call ever shares it.
   */
  groupNumbers?: number[];
  /** Interactive verifies go ahead of batch chunks for the shared quota. */
  priority?: "interactive" | "batch";
  /** The business the lookup is for: gateway calls are counted per business per day (the authority's bill). */
  businessId?: string;
  /** A gateway quota slot its verify's admission already took (registry/index.ts, `admissionQuotaSlot`). */
  quotaSlot?: QuotaSlot;
};

/** A quota slot granted ahead of the call: `take` says, once, how long to wait for it (null: not usable, ask anew). */
export type QuotaSlot = { take: () => number | null };

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

/**
 * The registry became unavailable partway through a lookup of many IDs: `answered` holds, by
 * position in the IDs asked for, what the groups it did answer said (a match, or null for a record
 * that has no result), and undefined where no answer came.
 */
export class RegistryPartlyAnsweredError extends RegistryUnavailableError {
  constructor(
    cause: RegistryUnavailableError,
    readonly answered: (RegistryMatch | null | undefined)[],
  ) {
    super(cause.reason, cause.retryAfterSeconds);
  }
}

/**
 * The registry answered, but for some records with something that cannot become a result (a 400
 * for that ID, a status Hubi does not know): the fault of those records alone, never retried and
 * not held against the registry's health. `matches` holds the answers of the other records (the
 * faulty ones are `undefined`), so that a batch chunk records them and fails only the faulty rows.
 */
export class RegistryRecordError extends Error {
  constructor(
    /** Positions, in the IDs asked for, of the records that have no result. */
    readonly faulty: number[],
    readonly matches: (RegistryMatch | undefined)[],
  ) {
    super(`The national registry could not answer for ${faulty.length} record(s)`);
    this.name = "RegistryRecordError";
  }
}

/** Where citizens are looked up. Sandbox: generated data; live: the registry gateway, or the imported mirror. */
export interface CitizenRegistry {
  lookup(nationalId: string, options?: LookupOptions): Promise<RegistryMatch>;
  /** Many IDs at once (a batch chunk): one answer per ID, in the same order. */
  lookupMany(nationalIds: string[], options?: LookupOptions): Promise<RegistryMatch[]>;
}
