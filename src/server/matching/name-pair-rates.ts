/**
 * A name decider's two error rates on labelled pairs, `match` and `partial_match` counting as
 * accepted: false match = the share of `no_match` pairs (impostors) accepted, false non-match =
 * the share of the others refused.
 */
import type { NamePair } from "./labelled-name-pairs";

export type Decide = (registry: string, claimed: string) => boolean;

export function errorRates(pairs: readonly NamePair[], accepts: Decide): { falseMatch: number; falseNonMatch: number } {
  let falseMatches = 0;
  let impostors = 0;
  let falseNonMatches = 0;
  let genuine = 0;
  for (const p of pairs) {
    const accepted = accepts(p.registryName, p.claimedName);
    if (p.expected === "no_match") {
      impostors++;
      if (accepted) falseMatches++;
    } else {
      genuine++;
      if (!accepted) falseNonMatches++;
    }
  }
  return { falseMatch: falseMatches / impostors, falseNonMatch: falseNonMatches / genuine };
}
