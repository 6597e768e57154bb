/**
 * Is a claimed name part the same name as the registry's? In order:
 *  - compound names compare by the name after Cabdi- (Cabdiraxmaan = Abdul Rahman ≠ Abdirashid);
 *  - names known to the name list compare by identity: one name under any spelling, and two
 *    names never, however alike they look (Maxamed ≠ Maxamuud, Xasan ≠ Xuseen, Cali ≠ Cilmi);
 *  - Arabic script compares by consonants (محمد = Maxamed);
 *  - otherwise equal spelling keys, or one typo (typos.ts) in the registry's spelling or in any
 *    known spelling of its name: a slip (letters swapped, dropped, doubled) in a name of four
 *    letters or more, a changed letter only in one of five or more. Unless the claimed spelling
 *    is as near another known name or compound: then it is not a typo but doubt, and doubt is
 *    refused (a false match lets an impostor through).
 */
import { COMPOUND_SPELLINGS, knownSpellingsStartingLike, spellingsOf, type KnownSpelling } from "./knowledge";
import type { NamePart } from "./name-parts";
import { consonantSkeleton } from "./spelling";
import { CHANGE, SLIP, TOO_FAR, typoKind } from "./typos";

/** A name part this long (in folded letters, long vowels counted twice) may carry a slip. */
export const SLIP_MIN_LENGTH = 4;
/** A name part this long may carry a changed letter: in a shorter one it makes another name. */
export const CHANGE_MIN_LENGTH = 5;
/** A key needs a letter between its first and its last for a typo to go anywhere. */
const KEY_TYPO_MIN_LENGTH = 3;

type Spelling = Pick<NamePart, "folded" | "letters" | "key" | "ayn">;

/**
 * How near a claimed spelling is to a name, nearest first: the typo kind (typos.ts) seen in the
 * written letters, or only in the spelling keys (a weaker sign: keys fold the loose end of a
 * name and so bring unlike names nearer). NOT_NEAR: no typo a name this long may carry.
 */
type Nearness = number;
const NOT_NEAR: Nearness = 2 * TOO_FAR;

/** How near `claimed` is to `name`, a name of `length` letters. */
function nearness(name: Spelling, claimed: Spelling, length = name.folded.length): Nearness {
  if (length < SLIP_MIN_LENGTH) return NOT_NEAR;
  // After the Somali c (ʿayn), a typo in the next letter is not one in the first (Casha, Csha).
  const fromFirst = name.ayn && claimed.ayn;
  // Letters once each, as doubling is no typo; the written letters, as a dropped letter may join
  // two runs (Hasan, Haan); the keys, as a typo near the end may hide in its loose spelling.
  const written = Math.min(typoKind(name.letters, claimed.letters, fromFirst), typoKind(name.folded, claimed.folded, fromFirst));
  const kind = written > SLIP && name.key.length >= KEY_TYPO_MIN_LENGTH ? typoKind(name.key, claimed.key, fromFirst) : written;
  const near = Math.min(2 * written, 2 * kind + 1);
  return near >= 2 * CHANGE && length < CHANGE_MIN_LENGTH ? NOT_NEAR : near;
}

/** The nearest the registry's name comes to the claim, in its own spelling or a known one. */
function nearnessToName(registry: NamePart, claimed: NamePart): Nearness {
  let near = nearness(registry, claimed);
  for (const group of registry.groups ?? []) {
    for (const known of spellingsOf(group)) {
      if (near <= 2 * SLIP) return near;
      near = Math.min(near, nearness(known, claimed, registry.folded.length));
    }
  }
  return near;
}

const shareGroup = (a: readonly number[], b: readonly number[]) => a.some((g) => b.includes(g));

/** True when the claimed spelling is at least as near a known name other than the registry's. */
function nearAnotherName(registry: NamePart, claimed: NamePart, near: Nearness): boolean {
  const asNear = (known: KnownSpelling) =>
    !(registry.groups?.includes(known.group) ?? false) && known.key !== registry.key && nearness(known, claimed) <= near;
  // After a written c the typo may be in the first folded letter: names starting like the
  // registry's are then as near (Cbadi: Cabdi, or Caabid).
  const other =
    knownSpellingsStartingLike(claimed.key).some(asNear) ||
    (claimed.ayn && registry.key[0] !== claimed.key[0] && knownSpellingsStartingLike(registry.key).some(asNear));
  if (other || !claimed.key.startsWith("abd")) return other;
  return COMPOUND_SPELLINGS.some((known) => known.compound !== registry.compound && nearness(known, claimed) <= near);
}

export function sameName(registry: NamePart, claimed: NamePart): boolean {
  if (registry.compound && claimed.compound) return registry.compound === claimed.compound;
  if (registry.groups && claimed.groups) return shareGroup(registry.groups, claimed.groups);
  if (claimed.arabic) return consonantSkeleton(registry.folded) === claimed.skeleton;
  if (registry.key === claimed.key) return true;
  if (claimed.groups) return false;
  const near = nearnessToName(registry, claimed);
  return near < NOT_NEAR && !nearAnotherName(registry, claimed, near);
}
