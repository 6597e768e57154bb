/**
 * The labelled pairs of data/names, and the fixed split that keeps a third of them out of sight
 * while the matcher's rules are tuned: a pair is held out when the first byte of the SHA-256 of
 * its id is divisible by three. The split depends on the id alone, so it is the same on every
 * run and for every pair added later; rules are tuned on the rest, and the held-out part says how
 * the matcher does on pairs its author did not look at.
 */
import { createHash } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
export type Expected = "match" | "partial_match" | "no_match";
export type NamePair = { registryName: string; claimedName: string; expected: Expected; kind: string };
export type LabelledPair = NamePair & { id: string };

export const isHeldOut = (id: string): boolean => createHash("sha256").update(id).digest()[0]! % 3 === 0;

export function labelledNamePairs(): LabelledPair[] {
  return fs
    .readFileSync(path.resolve("data/names/pairs.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as LabelledPair);
}
