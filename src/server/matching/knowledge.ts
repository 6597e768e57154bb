/** The name knowledge of names.ts, indexed once by the keys the matcher compares. */
import { COMPOUND_ENDING_SPELLINGS, NAME_GROUPS } from "./names";
import { transliterateWord, isArabic } from "./arabic";
import { consonantSkeleton, foldLetters, singleLetters, spellingKey, startsWithAyn } from "./spelling";

const byKey = new Map<string, number[]>();
const byArabic = new Map<string, number[]>();
/** Every known Latin spelling by the first letter of its key, for telling a typo from another name. */
const spellingsByInitial = new Map<string, KnownSpelling[]>();
/** The Latin spellings of each name, for a typo made in any of them (Youesf: Yousef, one swap). */
const spellingsByGroup: KnownSpelling[][] = NAME_GROUPS.map(() => []);

export type KnownSpelling = { folded: string; letters: string; key: string; ayn: boolean; group: number };

function add<K>(index: Map<K, number[]>, k: K, group: number): void {
  const groups = index.get(k) ?? [];
  if (!groups.includes(group)) groups.push(group);
  index.set(k, groups);
}

function spelling(written: string, group: number): KnownSpelling {
  const folded = foldLetters(written);
  const letters = singleLetters(folded);
  return { folded, letters, key: spellingKey(letters), ayn: startsWithAyn(written), group };
}

NAME_GROUPS.forEach((spellings, group) => {
  for (const written of spellings) {
    if (isArabic(written)) {
      add(byArabic, written, group);
      continue;
    }
    const known = spelling(written, group);
    add(byKey, known.key, group);
    spellingsByGroup[group]!.push(known);
    const initial = spellingsByInitial.get(known.key[0]!) ?? [];
    initial.push(known);
    spellingsByInitial.set(known.key[0]!, initial);
  }
});

export const COMPOUND_ENDING_SKELETONS: ReadonlySet<string> = new Set(
  COMPOUND_ENDING_SPELLINGS.map((s) => consonantSkeleton(foldLetters(s))),
);

/**
 * Compound names as the common forms write them (Abdi-, Abdul-, Abdu-), each with the skeleton of
 * its ending, for telling a typo in one compound from another compound.
 */
export const COMPOUND_SPELLINGS: readonly (KnownSpelling & { compound: string })[] = COMPOUND_ENDING_SPELLINGS.flatMap(
  (ending) => {
    const compound = consonantSkeleton(foldLetters(ending));
    return ["abdi", "abdul", "abdu"].map((cabdi) => ({ ...spelling(cabdi + ending, -1), compound }));
  },
);

export function groupsOfKey(key: string): readonly number[] | undefined {
  return byKey.get(key);
}

export function groupsOfArabic(word: string): readonly number[] | undefined {
  return byArabic.get(word);
}

export function knownSpellingsStartingLike(key: string): readonly KnownSpelling[] {
  return spellingsByInitial.get(key[0]!) ?? [];
}

export function spellingsOf(group: number): readonly KnownSpelling[] {
  return spellingsByGroup[group]!;
}

/** An Arabic-script spelling of a known name, as its Latin key would be found. */
export function arabicLetters(word: string): string {
  return foldLetters(transliterateWord(word));
}
