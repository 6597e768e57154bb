import type { Mode } from "@/generated/prisma/enums";
import { env } from "@/env";
import { databaseRegistry } from "./database";
import { sandboxRegistry } from "./sandbox";
import type { CitizenRegistry } from "./types";

/** Test keys never touch the real registry. */
export const registryFor = (mode: Mode): CitizenRegistry => (mode === "live" ? liveRegistry() : sandboxRegistry);

const liveRegistry = (): CitizenRegistry => {
  const failing = env().REGISTRY_FAILING_NATIONAL_ID;
  return failing ? failingOn(failing, databaseRegistry) : databaseRegistry;
};

/** The registry with one ID whose lookups fail (REGISTRY_FAILING_NATIONAL_ID, tests only). */
function failingOn(nationalId: string, registry: CitizenRegistry): CitizenRegistry {
  const fail = () => Promise.reject(new Error("The registry could not be reached (REGISTRY_FAILING_NATIONAL_ID)"));
  return {
    lookup: (id) => (id === nationalId ? fail() : registry.lookup(id)),
    lookupMany: (ids) => (ids.includes(nationalId) ? fail() : registry.lookupMany(ids)),
  };
}
