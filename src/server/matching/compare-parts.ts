/**
 * Is a claimed name part the same name as the registry's? In order:
 *  - compound names compare by the name after Cabdi- (Cabdiraxmaan = Abdul Rahman ≠ Abdirashid);
 *  - names known to the name list compare by identity: one name under any spelling, and two
 *    names never, however alike they look (Maxamed ≠ Maxamuud, Xasan ≠ Xuseen, Cali ≠ Cilmi);
 *  - Arabic script compares by consonants (محمد = Maxamed);
 *  - otherwise equal spelling keys, or one typo in a long name (five letters or more, not in its
 *    first letter), unless
 *    the claimed spelling is as close to another known name: then it is not a typo but doubt,
 *    and doubt is refused (a false match lets an impostor through).
 */
import { distance } from "fastest-levenshtein";
import { knownKeysStartingLike } from "./knowledge";
import type { NamePart } from "./name-parts";
import { consonantSkeleton } from "./spelling";

/** A name part this long may carry one typo. */
export const TYPO_MIN_LENGTH = 5;
/** Spelling keys shorter than this are too short for "one edit away" to mean anything. */
const KEY_TYPO_MIN_LENGTH = 4;

function oneEditApart(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  const d = distance(a, b);
  if (d <= 1) return true;
  return d === 2 && a.length === b.length && isOneTransposition(a, b);
}

function isOneTransposition(a: string, b: string): boolean {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return i + 1 < a.length && a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
}

type Spelling = Pick<NamePart, "folded" | "key">;

/**
 * Could `claimed` be `name` with one typo? Only a long name can carry one, and not in its first
 * letter: a name is read and typed from its first letter, and names that differ there
 * (Bashiir, Abshir) are other names.
 */
function typo(name: Spelling, claimed: Spelling): boolean {
  if (name.folded.length < TYPO_MIN_LENGTH || name.folded[0] !== claimed.folded[0]) return false;
  const keysLongEnough = name.key.length >= KEY_TYPO_MIN_LENGTH;
  return (keysLongEnough && oneEditApart(name.key, claimed.key)) || oneEditApart(name.folded, claimed.folded);
}

const shareGroup = (a: readonly number[], b: readonly number[]) => a.some((g) => b.includes(g));

/** True when the claimed spelling is within one edit of a known name other than the registry's. */
function nearAnotherName(registry: NamePart, claimed: NamePart): boolean {
  return knownKeysStartingLike(claimed.key).some(
    (known) => !(registry.groups?.includes(known.group) ?? false) && known.key !== registry.key && typo(known, claimed),
  );
}

export function sameName(registry: NamePart, claimed: NamePart): boolean {
  if (registry.compound && claimed.compound) return registry.compound === claimed.compound;
  if (registry.groups && claimed.groups) return shareGroup(registry.groups, claimed.groups);
  if (claimed.arabic) return consonantSkeleton(registry.folded) === claimed.skeleton;
  if (registry.key === claimed.key) return true;
  if (claimed.groups) return false;
  return typo(registry, claimed) && !nearAnotherName(registry, claimed);
}
