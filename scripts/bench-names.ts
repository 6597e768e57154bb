/**
 * `npm run bench:names`: the name matcher on the labelled pairs (data/names) and on pairs it has
 * never seen (src/server/matching/synthetic-name-pairs.ts), next to two naive baselines, and its speed on
 * one core. Each set is scored in two parts: the part the rules were tuned on and the held-out
 * part, set aside before tuning (labelled-name-pairs.ts); the held-out part is the measure.
 * A false match (an impostor accepted) is the error that matters most.
 */
import { jaroWinkler } from "@skyra/jaro-winkler";
import { matchFullName } from "../src/server/matching";
import { isHeldOut, labelledNamePairs, type NamePair } from "../src/server/matching/labelled-name-pairs";
import { errorRates, type Decide } from "../src/server/matching/name-pair-rates";
import { HELD_OUT_NAMES, HELD_OUT_SEED, syntheticNamePairs } from "../src/server/matching/synthetic-name-pairs";

const fold = (name: string) => name.toLowerCase().trim().split(/\s+/).join(" ");
const deciders: [string, Decide][] = [
  ["Hubi matcher", (r, c) => matchFullName(r, c).result !== "no_match"],
  ["exact after case folding", (r, c) => fold(r) === fold(c)],
  ["Jaro-Winkler ≥ 0.90", (r, c) => jaroWinkler(fold(r), fold(c)) >= 0.9],
];

const pct = (x: number) => `${(100 * x).toFixed(2)} %`.padStart(8);

function table(title: string, pairs: NamePair[]): void {
  console.log(`\n${title} (${pairs.length} pairs)`);
  console.log(`${"".padEnd(26)}false match  false non-match`);
  for (const [name, decide] of deciders) {
    const r = errorRates(pairs, decide);
    console.log(`${name.padEnd(26)}${pct(r.falseMatch)}     ${pct(r.falseNonMatch)}`);
  }
}

function pairsPerSecond(pairs: NamePair[]): number {
  for (const p of pairs) matchFullName(p.registryName, p.claimedName); // warm-up
  let n = 0;
  const started = performance.now();
  while (performance.now() - started < 2_000) {
    for (const p of pairs) matchFullName(p.registryName, p.claimedName);
    n += pairs.length;
  }
  return Math.round(n / ((performance.now() - started) / 1000));
}

const labelled = labelledNamePairs();

table("Labelled pairs, data/names/pairs.jsonl: tuning part", labelled.filter((p) => !isHeldOut(p.id)));
table("Labelled pairs, data/names/pairs.jsonl: held-out part", labelled.filter((p) => isHeldOut(p.id)));
table("Pairs never seen, made the same way from other names: tuning names", syntheticNamePairs(9_000));
table("Pairs never seen, made the same way from other names: held-out names", syntheticNamePairs(9_000, HELD_OUT_NAMES, HELD_OUT_SEED));
console.log(`\nSpeed on one core: ${pairsPerSecond(labelled).toLocaleString("en")} pairs/s (labelled pairs).`);
console.log("Targets on the held-out parts: false match ≤ 0.5 %, false non-match ≤ 2 %; ≥ 100,000 pairs/s.");
