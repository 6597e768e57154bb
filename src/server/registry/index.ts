import type { Mode } from "@/generated/prisma/enums";
import { databaseRegistry } from "./database";
import { sandboxRegistry } from "./sandbox";
import type { CitizenRegistry } from "./types";

/** Test keys never touch the real registry. */
export const registryFor = (mode: Mode): CitizenRegistry => (mode === "live" ? databaseRegistry : sandboxRegistry);
