/**
 * Typing errors: how one spelling of a name differs from another by a single slip of the hand.
 * Two kinds are told apart, because they differ in what they can do to a name:
 *
 *  - a slip keeps every letter the typist meant: two neighbours swapped (Hawo → Hwao), a letter
 *    dropped inside the name (Idiris → Idris), a letter doubled (Gedi → Geddi);
 *  - a change puts in a letter that was not meant: a letter replaced or an extra one added inside
 *    the name (Xamdi → Himdi, Jama → Jauma).
 *
 * Neither touches the first or the last letter (but the last two may be swapped): a name is read
 * and typed from its first letter, and names that differ there are other names (Bashiir,
 * Abshir); names that differ only in their last letter are other names too (Hodan, Hoda; Jaamac,
 * Jamaal), which a spelling variant of the end of a name (spelling.ts, rule 7) is not.
 */
export const SAME = 0;
export const SLIP = 1;
export const CHANGE = 2;
export const TOO_FAR = 3;
export type TypoKind = typeof SAME | typeof SLIP | typeof CHANGE | typeof TOO_FAR;

/** Do `a` from `from` and `b` from `at` hold the same letters? */
function endsAlike(a: string, from: number, b: string, at: number): boolean {
  if (a.length - from !== b.length - at) return false;
  for (let k = 0; from + k < a.length; k++) if (a[from + k] !== b[at + k]) return false;
  return true;
}

/**
 * How `typed` differs from `meant`; plain loops, as it runs for every near-miss name part.
 * `fromFirst`: the first letter may be part of the typo (the written first letter was dropped
 * in folding, as the Somali c is).
 */
export function typoKind(meant: string, typed: string, fromFirst = false): TypoKind {
  const added = typed.length - meant.length;
  if (added > 1 || added < -1) return TOO_FAR;
  let i = 0;
  while (i < meant.length && meant[i] === typed[i]) i++;
  if (i === meant.length && added === 0) return SAME;
  if (i === 0 && !fromFirst) return TOO_FAR;
  const last = meant.length - 1;
  if (added === 0) {
    if (meant[i] === typed[i + 1] && meant[i + 1] === typed[i] && endsAlike(meant, i + 2, typed, i + 2)) return SLIP;
    return i < last && endsAlike(meant, i + 1, typed, i + 1) ? CHANGE : TOO_FAR;
  }
  if (added < 0) return i < last && endsAlike(meant, i + 1, typed, i) ? SLIP : TOO_FAR;
  if (!endsAlike(meant, i, typed, i + 1)) return TOO_FAR;
  if ((i > 0 && typed[i] === typed[i - 1]) || typed[i] === typed[i + 1]) return SLIP;
  return i <= last ? CHANGE : TOO_FAR;
}
