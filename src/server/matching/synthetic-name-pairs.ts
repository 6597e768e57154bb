/**
 * Name pairs the matcher has never seen, made the way a bank's customer file differs from the
 * registry: English spellings of Somali names, typos (in long names, and a letter swapped, dropped
 * or doubled in a short one), a dropped grandfather's name, and other people (another father,
 * only the given name shared, names swapped, a look-alike name). Built from names that are not in
 * data/names/pairs.jsonl, with a seeded generator, so the measure of generalisation is the same on
 * every run.
 */
import { isHeldOut, type NamePair } from "./labelled-name-pairs";

/** Somali names in registry spelling, none of them in the labelled file. */
const NAMES = `Bashiir Mukhtaar Yoonis Sulaymaan Faysal Liibaan Mahad Samatar Barre Dalmar Abshir Guuxaad
Warfaa Jimcaale Burhaan Mursal Sahal Xuseyn Cabdiqani Cabdimajiid Cabdishakuur Cabdijabaar Ayuub Nuux
Mustafe Saalax Daauud Khadar Jibriil Qaasim Sakariye Yaxye Luqmaan Cigaal Salaad Bile Maxamuud
Xaawo Sumaya Kowsar Sacdiya Nuurto Samiira Nasteexo Ladan Idil Muna Faadumo Xaliimo Caasha Hibo
Nasra Filsan Ikraan Fardowsa Canab Hufan Shukri Luul Ardo Dahabo Barwaaqo Maandeeq Hooyo`.split(/\s+/);

/**
 * A third of the names, chosen by a hash of the name, is kept for measuring only: the matcher's
 * rules are tuned on pairs made from the other names (see labelled-name-pairs.ts for the hash).
 */
export const TUNING_NAMES = NAMES.filter((n) => !isHeldOut(n));
export const HELD_OUT_NAMES = NAMES.filter(isHeldOut);
/** The held-out pairs are drawn with a seed of their own. */
export const HELD_OUT_SEED = 20261125;

/** Look-alike names: one letter or one vowel apart, but another person's name. */
const LOOK_ALIKES: [string, string][] = [
  ["Maxamed", "Maxamuud"], ["Xasan", "Xuseen"], ["Cali", "Cilmi"], ["Nimco", "Naciimo"], ["Xamza", "Xamdi"],
  ["Siyaad", "Saciid"], ["Xaashi", "Xaamid"], ["Cabdiwali", "Cabdiwahaab"], ["Cabdi", "Cabdulle"], ["Caamir", "Cumar"],
  ["Faarax", "Farxaan"], ["Yuusuf", "Yoonis"], ["Bashiir", "Bashaan"], ["Sulaymaan", "Salmaan"], ["Qaasim", "Xaashim"],
  ["Mahad", "Muxyadiin"], ["Cabdiqani", "Cabdiqaadir"], ["Xaawo", "Xaliimo"], ["Sumaya", "Samiira"], ["Luul", "Nuur"],
];

function random(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** How an English-speaking clerk writes a Somali name. */
function englishSpelling(name: string, rnd: () => number): string {
  let s = name;
  if (rnd() < 0.8) s = s.replace(/^C/, "").replace(/c/g, "");
  if (rnd() < 0.8) s = s.replace(/X/g, "H").replace(/x/g, "h");
  if (rnd() < 0.5) s = s.replace(/Kh/g, "K").replace(/kh/g, "k");
  if (rnd() < 0.8) s = s.replace(/aa/g, "a");
  if (rnd() < 0.7) s = s.replace(/ii/g, rnd() < 0.5 ? "i" : "ee");
  if (rnd() < 0.7) s = s.replace(/uu/g, rnd() < 0.5 ? "u" : "oo");
  if (rnd() < 0.6) s = s.replace(/ee/g, rnd() < 0.5 ? "e" : "ei");
  if (rnd() < 0.5) s = s.replace(/oo/g, "o");
  if (rnd() < 0.4) s = s.replace(/e$/, rnd() < 0.5 ? "a" : "eh");
  if (rnd() < 0.3) s = s.replace(/q/g, "k");
  if (s.length === 0) return name;
  return s[0]!.toUpperCase() + s.slice(1);
}

/**
 * One typo inside a name part (neither its first nor its last letter): a letter dropped, doubled,
 * swapped with the next one or (with `kinds` = 4) changed to a vowel.
 */
function withTypo(part: string, rnd: () => number, kinds = 4): string {
  const i = 1 + Math.floor(rnd() * (part.length - 2));
  switch (Math.floor(rnd() * kinds)) {
    case 0: return part.slice(0, i) + part.slice(i + 1);
    case 1: return part.slice(0, i) + part[i] + part.slice(i);
    case 2: return part.slice(0, i) + part[i + 1] + part[i] + part.slice(i + 2);
    default: return part.slice(0, i) + "aeiou"[Math.floor(rnd() * 5)] + part.slice(i + 1);
  }
}

export function syntheticNamePairs(count: number, names = TUNING_NAMES, seed = 20261122): NamePair[] {
  const rnd = random(seed);
  const pick = () => names[Math.floor(rnd() * names.length)]!;
  const three = () => {
    const a = pick();
    let b = pick();
    while (b === a) b = pick();
    let c = pick();
    while (c === a || c === b) c = pick();
    return [a, b, c];
  };
  const other = (not: string[]) => {
    let n = pick();
    while (not.includes(n)) n = pick();
    return n;
  };
  const english = (parts: string[]) => parts.map((p) => englishSpelling(p, rnd)).join(" ");
  const pairs: NamePair[] = [];
  for (let i = 0; i < count; i++) {
    const r = three();
    const registryName = r.join(" ");
    const kind = ["exact", "orthographic", "orthographic", "typo", "short_typo", "dropped_grandfather", "other_father", "given_only_shared", "swapped_family", "look_alike"][i % 10]!;
    switch (kind) {
      case "exact":
        pairs.push({ registryName, claimedName: `  ${r.join("  ").toLowerCase()} `, expected: "match", kind });
        break;
      case "orthographic":
        pairs.push({ registryName, claimedName: english(r), expected: "match", kind });
        break;
      case "typo": {
        const spelled = r.map((p) => englishSpelling(p, rnd));
        const long = spelled.findIndex((p) => p.length >= 7);
        if (long >= 0) spelled[long] = withTypo(spelled[long]!, rnd);
        pairs.push({ registryName, claimedName: spelled.join(" "), expected: "match", kind });
        break;
      }
      case "short_typo": {
        const spelled = r.map((p) => englishSpelling(p, rnd));
        const short = spelled.findIndex((p) => p.length === 4 || p.length === 5);
        if (short >= 0) spelled[short] = withTypo(spelled[short]!, rnd, 3);
        pairs.push({ registryName, claimedName: spelled.join(" "), expected: "match", kind });
        break;
      }
      case "dropped_grandfather":
        pairs.push({ registryName, claimedName: english(r.slice(0, 2)), expected: "partial_match", kind });
        break;
      case "other_father":
        pairs.push({ registryName, claimedName: english([r[0]!, other(r), r[2]!]), expected: "no_match", kind });
        break;
      case "given_only_shared":
        pairs.push({ registryName, claimedName: english([r[0]!, other(r), other(r)]), expected: "no_match", kind });
        break;
      case "swapped_family":
        pairs.push({ registryName, claimedName: english([r[0]!, r[2]!, r[1]!]), expected: "no_match", kind });
        break;
      default: {
        const [a, b] = LOOK_ALIKES[Math.floor(rnd() * LOOK_ALIKES.length)]!;
        const [real, fake] = rnd() < 0.5 ? [a, b] : [b, a];
        const at = Math.floor(rnd() * 2);
        const registry = [...r];
        registry[at] = real;
        const claimed = [...registry];
        claimed[at] = fake;
        pairs.push({ registryName: registry.join(" "), claimedName: english(claimed), expected: "no_match", kind });
      }
    }
  }
  return pairs;
}
