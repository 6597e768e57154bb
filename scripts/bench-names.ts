/**
 * `npm run bench:names`: the name matcher on the labelled pairs (data/names) and on pairs it has
 * never seen (scripts/lib/synthetic-name-pairs.ts), next to two naive baselines, and its speed on
 * one core. A false match (an impostor accepted) is the error that matters most.
 */
import fs from "node:fs";
import path from "node:path";
import { jaroWinkler } from "@skyra/jaro-winkler";
import { matchFullName } from "../src/server/matching";
import { syntheticNamePairs, type NamePair } from "./lib/synthetic-name-pairs";

type Decide = (registry: string, claimed: string) => boolean;

const fold = (name: string) => name.toLowerCase().trim().split(/\s+/).join(" ");
const deciders: [string, Decide][] = [
  ["Hubi matcher", (r, c) => matchFullName(r, c).result !== "no_match"],
  ["exact after case folding", (r, c) => fold(r) === fold(c)],
  ["Jaro-Winkler ≥ 0.90", (r, c) => jaroWinkler(fold(r), fold(c)) >= 0.9],
];

function rates(pairs: NamePair[], decide: Decide) {
  let falseMatches = 0;
  let impostors = 0;
  let falseNonMatches = 0;
  let genuine = 0;
  for (const p of pairs) {
    const accepted = decide(p.registryName, p.claimedName);
    if (p.expected === "no_match") {
      impostors++;
      if (accepted) falseMatches++;
    } else {
      genuine++;
      if (!accepted) falseNonMatches++;
    }
  }
  return { fmr: falseMatches / impostors, fnmr: falseNonMatches / genuine };
}

const pct = (x: number) => `${(100 * x).toFixed(2)} %`.padStart(8);

function table(title: string, pairs: NamePair[]): void {
  console.log(`\n${title} (${pairs.length} pairs)`);
  console.log(`${"".padEnd(26)}false match  false non-match`);
  for (const [name, decide] of deciders) {
    const r = rates(pairs, decide);
    console.log(`${name.padEnd(26)}${pct(r.fmr)}     ${pct(r.fnmr)}`);
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

const labelled: NamePair[] = fs
  .readFileSync(path.resolve("data/names/pairs.jsonl"), "utf8")
  .trim()
  .split("\n")
  .map((line) => JSON.parse(line) as NamePair);
const unseen = syntheticNamePairs(9_000);

table("Labelled pairs, data/names/pairs.jsonl", labelled);
table("Pairs never seen, made the same way from other names", unseen);
console.log(`\nSpeed on one core: ${pairsPerSecond(labelled).toLocaleString("en")} pairs/s (labelled pairs).`);
console.log("Targets: false match ≤ 1 %, false non-match ≤ 3 %, ≥ 100,000 pairs/s.");
