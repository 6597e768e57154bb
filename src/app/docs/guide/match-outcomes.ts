/** The sandbox citizen 11111111111 is Amina Hassan Abdi, born 1990-04-12. */
export const MATCH_OUTCOMES: [string, string, string][] = [
  ["Aamina Xasan Cabdi", "match", "The same three names in another spelling (Somali orthography here)."],
  ["AMINA hassan  abdi", "match", "Case and spacing carry no meaning."],
  ["أمينة حسن عبدي", "match", "Arabic script is transliterated and compared."],
  ["Amina Hassan", "partial_match", "Given and father's name, without the grandfather's."],
  ["Amina Hussein Abdi", "no_match", "Another father's name: Hassan and Hussein are two names, however alike."],
  ["Amina Abdi Hassan", "no_match", "The names in another order: another lineage."],
  ["Amina", "no_match", "A given name alone identifies nobody."],
];
