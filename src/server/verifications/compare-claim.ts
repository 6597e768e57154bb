/**
 * A customer's claim (identity match, product rules §16) compared with the registry's answer, by
 * every path that records one: a single verify, a lookup completed in the background, a batch row.
 */
import type { Citizen, MatchRequest, MatchResult } from "@/contracts/verifications";
import { matchDateOfBirth, matchFullName } from "@/server/matching";

/** Only the results leave this function: the claimed values are compared and forgotten. */
export function compareClaim(claim: MatchRequest | undefined | null, citizen: Citizen | null): MatchResult | null {
  if (!claim || !citizen) return null;
  return {
    ...(claim.fullName !== undefined ? { fullName: matchFullName(citizen.fullName, claim.fullName) } : {}),
    ...(claim.dateOfBirth !== undefined ? { dateOfBirth: matchDateOfBirth(citizen.dateOfBirth, claim.dateOfBirth) } : {}),
  };
}
