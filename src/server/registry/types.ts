import type { Citizen, VerificationResult } from "@/contracts/verifications";

export type RegistryMatch = { result: VerificationResult; citizen: Citizen | null };

/** Where citizens are looked up. Sandbox: generated data; production: the loaded registry. */
export interface CitizenRegistry {
  lookup(nationalId: string): Promise<RegistryMatch>;
}
