/**
 * A verify's registry lookup under its time budget (product rules §26): the plain request's
 * synchronous budget (VERIFY_SYNC_BUDGET_MS, 8 s), or about 1.5 s for a caller that takes a 202
 * `pending`. The budget is one timer whose signal the registry honours; a registry that cannot
 * stop early (the mirror's query) is simply no longer waited for. The gateway retries a fault of
 * its own once, within this budget (registry/gateway/policy.ts): not again here, which would make
 * it up to four calls. Whatever ends without an answer is a RegistryUnavailableError.
 *
 * A lookup that may go on after its verify is answered (a 202, or a 503 whose Idempotency-Key
 * waits for it) keeps the call it made: its answer may take as long as a background attempt's
 * (pending-lookup.ts), and the budget's end hands it over (`LookupGoesOn`) instead of dropping it,
 * so that the registry is asked once and the answer lands as soon as it comes.
 */
import type { Mode } from "@/generated/prisma/enums";
import { env } from "@/env";
import { registryFor } from "@/server/registry";
import { pullSandboxLever } from "@/server/registry/sandbox-levers";
import { RegistryUnavailableError, type QuotaSlot, type RegistryMatch } from "@/server/registry/types";
import { attemptTimeoutMs } from "./pending-lookup";

/** The 2-second promise: this much for the lookup leaves room for admission, the write and the network. */
export const ASYNC_BUDGET_MS = 1500;

export type BudgetedLookup = {
  businessId: string;
  mode: Mode;
  nationalId: string;
  requestId: string;
  respondAsync: boolean;
  /** The lookup goes on if the budget ends first (a 202, or a 503 whose Idempotency-Key waits for it). */
  goesOn: boolean;
  /** The gateway quota slot the verify's admission took, if it did. */
  quotaSlot?: QuotaSlot;
};

/** The budget ran out, and the call it made goes on: `late` is its answer, for the lookup that goes on in the background. */
export class LookupGoesOn extends RegistryUnavailableError {
  constructor(readonly late: Promise<RegistryMatch>) {
    super("timeout");
  }
}

/** The lookup's budget: the 2-second promise's share for a caller that takes a 202, else the synchronous budget. */
export const lookupBudgetMs = (respondAsync: boolean): number => (respondAsync ? ASYNC_BUDGET_MS : env().VERIFY_SYNC_BUDGET_MS);

export async function lookUpWithinBudget(o: BudgetedLookup): Promise<RegistryMatch> {
  const budgetMs = lookupBudgetMs(o.respondAsync);
  const budget = AbortSignal.timeout(budgetMs);
  if (o.mode === "test") await pullSandboxLever(o.businessId, o.nationalId);
  // Never shorter than the budget: a lease configured short must not cut the call the budget still waits for.
  const answerSignal = o.goesOn ? AbortSignal.timeout(Math.max(budgetMs, attemptTimeoutMs())) : undefined;
  const answer = registryFor(o.mode).lookup(o.nationalId, { signal: budget, answerSignal, requestId: o.requestId, priority: "interactive", businessId: o.businessId, quotaSlot: o.quotaSlot });
  return withinBudget(answer, budget, o.goesOn);
}

/**
 * The answer, unless the budget ends first: then a timeout, unless the registry's own answer to
 * the abort comes at once. A caller still waiting for a gateway quota slot is refused "quota" (a
 * free 503 that leaves nothing), never a timeout that would keep its credit for a 202 or queue its
 * lookup; that refusal settles within the abort's turn, so the timeout waits for the next one.
 */
function withinBudget(answer: Promise<RegistryMatch>, budget: AbortSignal, goesOn: boolean): Promise<RegistryMatch> {
  // A late rejection of an answer no longer awaited must not become an unhandled rejection.
  answer.catch(() => {});
  const timedOut = () => (goesOn ? new LookupGoesOn(answer) : new RegistryUnavailableError("timeout"));
  if (budget.aborted) return Promise.reject(timedOut());
  let onAbort: () => void = () => {};
  let timer: NodeJS.Immediate | undefined;
  const ended = new Promise<never>((_, reject) => {
    onAbort = () => void (timer = setImmediate(() => reject(timedOut())));
    budget.addEventListener("abort", onAbort, { once: true });
  });
  return Promise.race([answer, ended]).finally(() => {
    budget.removeEventListener("abort", onAbort);
    if (timer) clearImmediate(timer);
  });
}

/** Ends without an answer the caller can wait for, but the registry may still give one later (not a refusal). */
export const mayAnswerLater = (error: unknown): error is RegistryUnavailableError =>
  error instanceof RegistryUnavailableError && (error.reason === "timeout" || error.reason === "upstream");
