import type { Mode } from "@/generated/prisma/enums";
import { env } from "@/env";
import type { Sql } from "@/server/db/sql";
import { databaseRegistry } from "./database";
import { circuitRefusal, circuitRefuses, gatewayRegistry } from "./gateway/client";
import { admissionSlot, pauseOutlastingSql, pauseRefusal } from "./gateway/quota";
import { sandboxRegistry } from "./sandbox";
import type { CitizenRegistry, LookupOptions, RegistryUnavailableError } from "./types";
import { registryDelay } from "./wait";

export { MAX_RETRY_AFTER_SECONDS } from "./gateway/http";

/** Test keys never touch the real registry. */
export const registryFor = (mode: Mode): CitizenRegistry => (mode === "live" ? liveRegistry() : sandboxRegistry);

/** A live verify's gateway quota slot, taken in its admission statement when it may be (gateway/quota.ts); else null. */
export const admissionQuotaSlot = (mode: Mode) => (mode === "live" && env().REGISTRY_SOURCE !== "mirror" ? admissionSlot() : null);

/**
 * What refuses a live lookup without asking the registry, known before its verify's admission so
 * that the admission takes no credit at all rather than one it would give back at once: the
 * gateway's circuit, open (this process knows), or the fleet's 429 pause outlasting the lookup's
 * budget (the admission statement reads it: `pausedMsSql`, NULL unless it does). Null when the
 * lookup does not go to the gateway.
 */
export type AdmissionRefusal = { circuitOpen: boolean; pausedMsSql: (q: Sql) => string };

export const admissionRefusal = (mode: Mode, budgetMs: number): AdmissionRefusal | null =>
  mode === "live" && env().REGISTRY_SOURCE !== "mirror" ? { circuitOpen: circuitRefuses(), pausedMsSql: (q) => pauseOutlastingSql(q, budgetMs) } : null;

/** The refusal a verify answers when its admission was refused: the pause's (its end as Retry-After) or the circuit's. */
export const registryRefusal = (pausedMs: number | null): RegistryUnavailableError => (pausedMs === null ? circuitRefusal() : pauseRefusal(pausedMs));

/** Live lookups: the registry gateway (default), or the imported mirror (REGISTRY_SOURCE=mirror). */
const liveRegistry = (): CitizenRegistry => {
  const { REGISTRY_FAILING_NATIONAL_ID: failing, REGISTRY_SLOW_NATIONAL_IDS: slow } = env();
  const source = env().REGISTRY_SOURCE === "mirror" ? databaseRegistry : gatewayRegistry;
  const registry = slow ? slowOn(slow, source) : source;
  return failing ? failingOn(failing, registry) : registry;
};

/** The registry with IDs that answer late (REGISTRY_SLOW_NATIONAL_IDS, tests only), within the caller's budget. */
function slowOn(setting: string, registry: CitizenRegistry): CitizenRegistry {
  const delays = new Map(setting.split(",").map((pair) => pair.split(":") as [string, string]).map(([id, ms]) => [id, ms === "never" ? Infinity : Number(ms)]));
  // Any other ID goes straight on: even a timer of 0 ms would cost a turn of the event loop (about 1 ms).
  // The delay stands for the registry's own answer: a lookup that may go on past its budget is past waiting by then.
  const delayFor = async (ids: string[], options?: LookupOptions): Promise<LookupOptions | undefined> => {
    const ms = Math.max(0, ...ids.map((id) => delays.get(id) ?? 0));
    if (ms === 0) return options;
    await registryDelay(ms, options?.answerSignal ?? options?.signal);
    return options?.answerSignal ? { ...options, signal: options.answerSignal } : options;
  };
  return {
    lookup: async (id, options) => registry.lookup(id, await delayFor([id], options)),
    lookupMany: async (ids, options) => registry.lookupMany(ids, await delayFor(ids, options)),
  };
}

/** The registry with one ID whose lookups fail (REGISTRY_FAILING_NATIONAL_ID, tests only). */
function failingOn(nationalId: string, registry: CitizenRegistry): CitizenRegistry {
  const fail = () => Promise.reject(new Error("The registry could not be reached (REGISTRY_FAILING_NATIONAL_ID)"));
  return {
    lookup: (id, options) => (id === nationalId ? fail() : registry.lookup(id, options)),
    lookupMany: (ids, options) => (ids.includes(nationalId) ? fail() : registry.lookupMany(ids, options)),
  };
}
