/**
 * Spelling rules: how a written Somali name becomes the keys it is compared by. Registry names are
 * in Somali orthography; claimed names come in English, Italian, Arabic-derived or Somali
 * spellings. Each rule folds one systematic difference between those spellings:
 *
 *  1. Case, accents, punctuation and spacing carry no meaning (Faadúmo = faadumo).
 *  2. Somali c (ʕ, the Arabic ʿayn) and the apostrophe (glottal stop) are not written in English:
 *     Cali = Ali, Saciid = Said, Ducaale = Duale.
 *  3. Somali x (ħ) is written h: Xasan = Hassan; kh is written h or kh: Khaliif = Halif.
 *  4. dh is written d (Daahir = Dahir), Arabic th becomes s (Othman = Cismaan), z becomes s
 *     (Abdirizak = Cabdirisaaq), q is written k (Abdulqadir = Abdulkadir), ph is f.
 *  5. Doubled letters mark length in Somali and gemination in English; neither is kept:
 *     Yaasiin = Yasin, Hassan = Xasan, Gulled = Guuleed.
 *  6. e/i and o/u are one vowel each in the other spellings (Elmi = Cilmi, Noor = Nuur,
 *     Yaseen = Yaasiin, Hussein = Xuseen); ou, ei, ey are English digraphs for them.
 *  7. The end of a name is spelled loosely: a final vowel and a final h after a vowel vary
 *     (Muuse = Musa, Warsame = Warsama, Dualeh = Ducaale, Aminah = Amiina), and an Arabic final
 *     m is a Somali n (Abdisalaam = Cabdisalaan, Maryam = Maryan).
 *
 * What these rules cannot fold is left to the knowledge of names (names.ts): whether Mohamed and
 * Maxamed are one name is a fact about names, not about spelling.
 */

const DIACRITICS = /[\u0300-\u036f]/g;
const NON_ASCII = /[^\u0000-\u007f]/;

/** Rules 2–4 and 6 as one left-to-right pass: each spelling and what it becomes. */
const FOLDS: Record<string, string> = {
  kh: "h", x: "h", dh: "d", th: "s", ph: "f", ch: "sh", q: "k", z: "s",
  ou: "u", ei: "i", ey: "i", e: "i", o: "u",
  c: "", "'": "", "’": "", "‘": "", "`": "", "ʼ": "", "ʻ": "", "ʿ": "", "ʕ": "",
};
const FOLDABLE = /kh|dh|th|ph|ch|ou|e[iy]|[xqzeoc'’‘`ʼʻʿʕ]/g;
const fold = (s: string) => FOLDS[s]!;

const AYN_FIRST = /^(?:c(?!h)|['’‘`ʼʻʿʕ])/i;

/** Written with the Somali c (ʿayn) or an apostrophe first: a letter rule 2 drops. */
export const startsWithAyn = (written: string): boolean => AYN_FIRST.test(written);

/** Rules 1–4 and 6: the letters of a Latin-script name part, in one spelling system. */
export function foldLetters(part: string): string {
  const plain = NON_ASCII.test(part) ? part.normalize("NFKD").replace(DIACRITICS, "") : part;
  return plain.toLowerCase().replace(FOLDABLE, fold);
}

/** Rule 5: runs of one letter collapsed; a loop, as this is the matcher's hottest line. */
export function singleLetters(text: string): string {
  let out = "";
  for (let i = 0; i < text.length; i++) if (text[i] !== text[i - 1]) out += text[i];
  return out;
}

const LOOSE_END = new Set(["a", "i", "u", "h"]);

/** Rule 7: the key two spellings of one name share, from its single letters (rule 5). */
export function spellingKey(single: string): string {
  let end = single.length;
  while (end > 0 && LOOSE_END.has(single[end - 1]!)) end--;
  if (end < 2) return single;
  return single[end - 1] === "m" ? `${single.slice(0, end - 1)}n` : single.slice(0, end);
}

const VOWELS = /[aiu]/g;

/**
 * Consonants only: what an Arabic-script spelling and a Latin one have in common (Arabic does not
 * write short vowels, and Somali long vowels are its letters alif, waw and ya). w and y inside a
 * name are as often vowels as consonants, and t is Somali d (Daahir = طاهر), so both are folded.
 */
export function consonantSkeleton(folded: string): string {
  const first = folded[0] === "w" || folded[0] === "y" ? folded[0] : "";
  const rest = (first ? folded.slice(1) : folded).replace(/[wy]/g, "").replace(/t/g, "d");
  return singleLetters(first + rest.replace(VOWELS, "")).replace(/m$/, "n");
}
