/**
 * A full name as a patronymic chain of parts (given name, father's, grandfather's, …), each
 * with the keys it is compared by. Compound names (Cabdi + a name of God) are one part whether
 * written as one word or two: Cabdiraxmaan, Abdirahman, Abdi Rahman, Abdul Rahman, عبد الرحمن.
 * Where two words may be either one compound or two names (Abdi Nuur), both readings are kept.
 */
import { isArabic, transliterateWord, withoutArticle } from "./arabic";
import { arabicLetters, COMPOUND_ENDING_SKELETONS, groupsOfArabic, groupsOfKey } from "./knowledge";
import { consonantSkeleton, foldLetters, singleLetters, spellingKey, startsWithAyn } from "./spelling";

export type NamePart = {
  /** Letters after the spelling rules 1–4 (used for typos and for the score). */
  folded: string;
  /** The folded letters, each run of one letter written once (rule 5): what typos are seen in. */
  letters: string;
  /** The spelling key (rules 5–7). */
  key: string;
  /** Written with the Somali c (ʿayn) first, which folding drops (Cabdi, Csha). */
  ayn: boolean;
  /** Consonants only, for comparisons with Arabic script (kept for Arabic-script parts). */
  skeleton: string | undefined;
  /** The known names this part is a spelling of, if any. */
  groups: readonly number[] | undefined;
  /** For a compound name, the skeleton of the name after Cabdi-. */
  compound: string | undefined;
  arabic: boolean;
};

const SEPARATORS = /[\s\-‐–—.,;:/_()]+/;
/** "son of" / "daughter of" carry no name. */
const CONNECTIVES = new Set(["bin", "ibn", "bint", "binti", "بن", "ابن", "بنت"]);
/** The written forms of Cabdi- standing alone before the rest of a compound. */
const CABDI_FORMS = new Set(["abd", "abdi", "abdu", "abdul", "abdal", "abdil", "abdi"]);
const ARTICLES = new Set(["al", "il", "ul", "ال"]);

/** The compound ending in a folded word after Cabdi-: "ulkadir" → "kadir", "illahi" → "lahi". */
function compoundEnding(rest: string): string | undefined {
  const ending = rest.replace(/^[aiu]+/, "").replace(/^l(?=[^aiu])/, "");
  const skeleton = consonantSkeleton(ending);
  return ending.length >= 2 && COMPOUND_ENDING_SKELETONS.has(skeleton) ? skeleton : undefined;
}

function latinPart(folded: string, ayn = false): NamePart {
  const letters = singleLetters(folded);
  const key = spellingKey(letters);
  const compound = folded.startsWith("abd") ? compoundEnding(folded.slice(3)) : undefined;
  return { folded, letters, key, ayn, skeleton: undefined, groups: groupsOfKey(key), compound, arabic: false };
}

function arabicPart(word: string): NamePart {
  if (word.startsWith("عبد") && word.length > 3) {
    const compound = compoundEnding(foldLetters(transliterateWord(withoutArticle(word.slice(3)))));
    if (compound) return { ...latinPart(`abd${compound}`), compound, arabic: true };
  }
  const folded = arabicLetters(word);
  const letters = singleLetters(folded);
  return { folded, letters, key: spellingKey(letters), ayn: false, skeleton: consonantSkeleton(folded), groups: groupsOfArabic(word), compound: undefined, arabic: true };
}

type Word = { text: string; folded: string; arabic: boolean };

function compoundOf(first: Word, second: Word): NamePart | undefined {
  const isCabdi = first.arabic ? first.text === "عبد" : CABDI_FORMS.has(first.folded);
  if (!isCabdi) return undefined;
  const arabic = first.arabic;
  const rest = arabic ? foldLetters(transliterateWord(withoutArticle(second.text))) : second.folded;
  const compound = compoundEnding(rest);
  if (!compound) return undefined;
  return { ...latinPart(`abd${rest.replace(/^[aiu]+/, "")}`), compound, arabic };
}

/** A name longer than this is not a name; its extra words are not compared. */
const MAX_WORDS = 8;

const partOf = (w: Word): NamePart => (w.arabic ? arabicPart(w.text) : latinPart(w.folded, startsWithAyn(w.text)));

function readingsFrom(words: Word[], i: number): NamePart[][] {
  if (i >= words.length) return [[]];
  const word = words[i]!;
  const single = partOf(word);
  if (single.folded.length === 0) return readingsFrom(words, i + 1);
  const readings = readingsFrom(words, i + 1).map((rest) => [single, ...rest]);
  // Abdi Rahman, Abdul Rahman, Abd al-Rahman, عبد الرحمن: one name, or Cabdi and his father.
  const article = i + 2 < words.length && ARTICLES.has(words[i + 1]!.arabic ? words[i + 1]!.text : words[i + 1]!.folded) ? 1 : 0;
  const next = words[i + 1 + article];
  const merged = next === undefined ? undefined : compoundOf(word, next);
  if (merged) readings.unshift(...readingsFrom(words, i + 2 + article).map((rest) => [merged, ...rest]));
  return readings;
}

/** The readings of a full name: each a list of parts in order. */
export function nameReadings(fullName: string): NamePart[][] {
  const words = fullName
    .split(SEPARATORS)
    .filter((w) => w.length > 0 && !CONNECTIVES.has(w.toLowerCase()))
    .slice(0, MAX_WORDS)
    .map((text) => {
      const arabic = isArabic(text);
      return { text, arabic, folded: arabic ? "" : foldLetters(text) };
    });
  const mayHoldCompound = words.some((w, i) => i + 1 < words.length && (w.arabic ? w.text === "عبد" : CABDI_FORMS.has(w.folded)));
  if (!mayHoldCompound) return [words.map(partOf).filter((p) => p.folded.length > 0)];
  return readingsFrom(words, 0);
}
