/**
 * The sandbox citizen 11111111111 is Amina Hassan Abdi, born 1990-04-12: what each name sent
 * matches, and why (docs.guide.identityMatch.outcomes.<why> in the message files).
 */
export const MATCH_OUTCOMES: [claimed: string, result: string, why: string][] = [
  ["Aamina Xasan Cabdi", "match", "otherSpelling"],
  ["AMINA hassan  abdi", "match", "caseAndSpacing"],
  ["أمينة حسن عبدي", "match", "arabicScript"],
  ["Amina Hassan", "partial_match", "twoNames"],
  ["Amina Hussein Abdi", "no_match", "otherFather"],
  ["Amina Abdi Hassan", "no_match", "otherOrder"],
  ["Amina", "no_match", "givenNameOnly"],
];
