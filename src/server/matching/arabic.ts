/**
 * Arabic script, transliterated letter by letter into Somali orthography, so that a claimed
 * name written محمد شريف can be compared with the registry's Maxamed Shariif. Short vowels are
 * not written in Arabic; comparisons of transliterated names use consonant skeletons.
 */

const ARABIC = /[\u0600-\u06ff]/;
const HARAKAT = /[\u064b-\u065f\u0670\u0640]/g; // vowel marks, shadda, sukun, tatweel

const LETTERS: Record<string, string> = {
  "ب": "b", "ت": "t", "ث": "th", "ج": "j", "ح": "x", "خ": "kh", "د": "d", "ذ": "dh", "ر": "r", "ز": "z",
  "س": "s", "ش": "sh", "ص": "s", "ض": "dh", "ط": "t", "ظ": "dh", "ع": "c", "غ": "g", "ف": "f", "ق": "q",
  "ك": "k", "ک": "k", "ل": "l", "م": "m", "ن": "n", "ه": "h", "ة": "", "ى": "a", "ء": "", "ؤ": "", "ئ": "",
  "أ": "a", "إ": "i", "آ": "aa", "ٱ": "a",
};

export function isArabic(text: string): boolean {
  return ARABIC.test(text);
}

/** One Arabic word in Latin letters: alif, waw and ya are long vowels inside a word. */
export function transliterateWord(word: string): string {
  const letters = [...word.replace(HARAKAT, "")];
  return letters
    .map((ch, i) => {
      if (ch === "ا") return i === 0 ? "a" : "aa";
      if (ch === "و") return i === 0 ? "w" : "uu";
      if (ch === "ي" || ch === "ی") return i === 0 ? "y" : "ii";
      return LETTERS[ch] ?? "";
    })
    .join("");
}

/** The Arabic article al- before a name (الرحمن → رحمن), as Somali compounds drop it. */
export function withoutArticle(word: string): string {
  return word.startsWith("ال") && word.length > 3 ? word.slice(2) : word;
}
