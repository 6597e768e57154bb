/**
 * Identity match (product rules §16): does the name and date of birth a customer claims belong to
 * the registry's record? Somali names are a patronymic chain (given name, father's,
 * grandfather's); order carries meaning, so parts are compared position by position:
 *
 *  - `match`: every part of the registry name, in order, under any spelling (see compare-parts.ts);
 *  - `partial_match`: the registry name with later names left out, at least given and father's
 *    name (Hashi Abdisalan for Xaashi Cabdisalaan Yaasiin);
 *  - `no_match`: anything else: another given or father's name, the names in another order,
 *    a given name alone, or more names than the registry holds.
 *
 * The score (0–1) says how alike the spellings are, part by part, over the longer of the two
 * names; it ranks, the result decides. Nothing is cached: claimed names are personal data.
 */
import { jaroWinkler } from "@skyra/jaro-winkler";
import { nameReadings, type NamePart } from "./name-parts";
import { sameName } from "./compare-parts";

export type NameMatchResult = "match" | "partial_match" | "no_match";
export type NameMatch = { result: NameMatchResult; score: number };

const RANK: Record<NameMatchResult, number> = { match: 2, partial_match: 1, no_match: 0 };

function partScore(registry: NamePart, claimed: NamePart, same: boolean): number {
  const likeness = claimed.arabic ? (same ? 1 : 0) : jaroWinkler(registry.folded, claimed.folded);
  return same ? 0.75 + 0.25 * likeness : 0.7 * likeness;
}

function compareReadings(registry: NamePart[], claimed: NamePart[]): NameMatch {
  const compared = Math.min(registry.length, claimed.length);
  let allSame = compared > 0;
  let total = 0;
  for (let i = 0; i < compared; i++) {
    const same = sameName(registry[i]!, claimed[i]!);
    allSame &&= same;
    total += partScore(registry[i]!, claimed[i]!, same);
  }
  const score = Math.round((100 * total) / Math.max(registry.length, claimed.length, 1)) / 100;
  if (!allSame || claimed.length > registry.length) return { result: "no_match", score: Math.min(score, 0.79) };
  if (claimed.length === registry.length) return { result: "match", score };
  return { result: claimed.length >= 2 ? "partial_match" : "no_match", score };
}

export function matchFullName(registryName: string, claimedName: string): NameMatch {
  let best: NameMatch = { result: "no_match", score: 0 };
  const claimedReadings = nameReadings(claimedName);
  for (const registry of nameReadings(registryName)) {
    for (const claimed of claimedReadings) {
      const outcome = compareReadings(registry, claimed);
      if (RANK[outcome.result] > RANK[best.result] || (outcome.result === best.result && outcome.score > best.score)) best = outcome;
    }
  }
  return best;
}

/** Dates compare as calendar dates: 1990-04-12 is 1990-04-12 however it was sent. */
export function matchDateOfBirth(registryDate: string, claimedDate: string): { result: "match" | "no_match" } {
  return { result: registryDate === claimedDate ? "match" : "no_match" };
}
