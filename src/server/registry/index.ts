import type { Mode } from "@/generated/prisma/enums";
import { env } from "@/env";
import { databaseRegistry } from "./database";
import { gatewayRegistry } from "./gateway/client";
import { sandboxRegistry } from "./sandbox";
import type { CitizenRegistry } from "./types";

/** Test keys never touch the real registry. */
export const registryFor = (mode: Mode): CitizenRegistry => (mode === "live" ? liveRegistry() : sandboxRegistry);

/** Live lookups: the registry gateway (default), or the imported mirror (REGISTRY_SOURCE=mirror). */
const liveRegistry = (): CitizenRegistry => {
  const registry = env().REGISTRY_SOURCE === "mirror" ? databaseRegistry : gatewayRegistry;
  const failing = env().REGISTRY_FAILING_NATIONAL_ID;
  return failing ? failingOn(failing, registry) : registry;
};

/** The registry with one ID whose lookups fail (REGISTRY_FAILING_NATIONAL_ID, tests only). */
function failingOn(nationalId: string, registry: CitizenRegistry): CitizenRegistry {
  const fail = () => Promise.reject(new Error("The registry could not be reached (REGISTRY_FAILING_NATIONAL_ID)"));
  return {
    lookup: (id, options) => (id === nationalId ? fail() : registry.lookup(id, options)),
    lookupMany: (ids, options) => (ids.includes(nationalId) ? fail() : registry.lookupMany(ids, options)),
  };
}
