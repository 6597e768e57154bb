/** The name knowledge of names.ts, indexed once by the keys the matcher compares. */
import { COMPOUND_ENDING_SPELLINGS, NAME_GROUPS } from "./names";
import { transliterateWord, isArabic } from "./arabic";
import { consonantSkeleton, foldLetters, spellingKey } from "./spelling";

const byKey = new Map<string, number[]>();
const byArabic = new Map<string, number[]>();
/** Every known key by its first letter, for telling a typo from another name. */
const keysByInitial = new Map<string, KnownSpelling[]>();

export type KnownSpelling = { folded: string; key: string; group: number };

function add<K>(index: Map<K, number[]>, k: K, group: number): void {
  const groups = index.get(k) ?? [];
  if (!groups.includes(group)) groups.push(group);
  index.set(k, groups);
}

NAME_GROUPS.forEach((spellings, group) => {
  for (const spelling of spellings) {
    if (isArabic(spelling)) {
      add(byArabic, spelling, group);
      continue;
    }
    const folded = foldLetters(spelling);
    const key = spellingKey(folded);
    add(byKey, key, group);
    const initial = keysByInitial.get(key[0]!) ?? [];
    initial.push({ folded, key, group });
    keysByInitial.set(key[0]!, initial);
  }
});

export const COMPOUND_ENDING_SKELETONS: ReadonlySet<string> = new Set(
  COMPOUND_ENDING_SPELLINGS.map((s) => consonantSkeleton(foldLetters(s))),
);

export function groupsOfKey(key: string): readonly number[] | undefined {
  return byKey.get(key);
}

export function groupsOfArabic(word: string): readonly number[] | undefined {
  return byArabic.get(word);
}

export function knownKeysStartingLike(key: string): readonly KnownSpelling[] {
  return keysByInitial.get(key[0]!) ?? [];
}

/** An Arabic-script spelling of a known name, as its Latin key would be found. */
export function arabicLetters(word: string): string {
  return foldLetters(transliterateWord(word));
}
