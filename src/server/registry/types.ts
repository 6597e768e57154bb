import type { Citizen, VerificationResult } from "@/contracts/verifications";

export type RegistryMatch = { result: VerificationResult; citizen: Citizen | null };

/** Where citizens are looked up. Sandbox: generated data; production: the loaded registry. */
export interface CitizenRegistry {
  lookup(nationalId: string): Promise<RegistryMatch>;
  /** Many IDs at once (a batch chunk): one answer per ID, in the same order. */
  lookupMany(nationalIds: string[]): Promise<RegistryMatch[]>;
}
