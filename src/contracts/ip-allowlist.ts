/**
 * An API key's IP allowlist: IPv4 and IPv6 addresses and CIDR ranges, at most 50. Entries are
 * stored in one canonical form (host bits cleared, IPv6 compressed, a single address without a
 * prefix) so the portal shows what is enforced and duplicates are caught. Pure code: the portal
 * validates with it as the server does.
 */
import { z } from "zod";

export const MAX_ALLOWLIST_ENTRIES = 50;

export const ADDRESS_NOT_ALLOWED_MESSAGE = "This API key cannot be used from this address.";

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

type Parsed = { version: 4 | 6; bits: bigint };

function parseIpv4(text: string): bigint | null {
  if (!IPV4.test(text)) return null;
  return text.split(".").reduce((acc, part) => (acc << 8n) | BigInt(part), 0n);
}

/** IPv6 through the WHATWG URL parser (Node and browsers alike), which also accepts an embedded IPv4 tail. */
function parseIpv6(text: string): bigint | null {
  if (!text.includes(":") || /[^0-9a-fA-F:.]/.test(text)) return null;
  let host: string;
  try {
    host = new URL(`http://[${text}]/`).hostname.slice(1, -1);
  } catch {
    return null;
  }
  const [head, tail] = host.includes("::") ? host.split("::") : [host, undefined];
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? 0 : 8 - headGroups.length - tailGroups.length;
  const groups = [...headGroups, ...Array<string>(zeros).fill("0"), ...tailGroups];
  return groups.reduce((acc, g) => (acc << 16n) | BigInt(`0x${g}`), 0n);
}

function parseAddress(text: string): Parsed | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return { version: 4, bits: v4 };
  const v6 = parseIpv6(text);
  return v6 === null ? null : { version: 6, bits: v6 };
}

function formatAddress({ version, bits }: Parsed): string {
  if (version === 4) return [24n, 16n, 8n, 0n].map((shift) => String((bits >> shift) & 255n)).join(".");
  const groups = [112n, 96n, 80n, 64n, 48n, 32n, 16n, 0n].map((shift) => ((bits >> shift) & 0xffffn).toString(16));
  // The URL parser writes the RFC 5952 form (longest run of zero groups compressed).
  return new URL(`http://[${groups.join(":")}]/`).hostname.slice(1, -1);
}

/** The canonical form of one entry, or an error message saying what is wrong with it. */
export function canonicalAllowlistEntry(raw: string): { entry: string } | { error: string } {
  const text = raw.trim();
  const [addressText, prefixText, extra] = text.split("/");
  const address = parseAddress(addressText ?? "");
  if (!address || extra !== undefined) return { error: `"${text}" is not an IPv4 or IPv6 address or CIDR range` };
  const width = address.version === 4 ? 32 : 128;
  if (prefixText === undefined) return { entry: formatAddress(address) };
  if (!/^\d{1,3}$/.test(prefixText) || Number(prefixText) > width) {
    return { error: `"${text}" has a prefix length outside 0–${width}` };
  }
  const prefix = Number(prefixText);
  if (prefix === width) return { entry: formatAddress(address) };
  const hostMask = (1n << BigInt(width - prefix)) - 1n;
  return { entry: `${formatAddress({ version: address.version, bits: address.bits & ~hostMask })}/${prefix}` };
}

/** The allowlist as sent (any spelling), checked and turned into canonical, de-duplicated entries. */
export const ipAllowlistSchema = z
  .array(z.string().max(100, "Each entry is at most 100 characters"))
  .max(MAX_ALLOWLIST_ENTRIES, `At most ${MAX_ALLOWLIST_ENTRIES} addresses or ranges`)
  .transform((entries, ctx) => {
    const canonical: string[] = [];
    for (const [index, raw] of entries.entries()) {
      if (!raw.trim()) continue;
      const result = canonicalAllowlistEntry(raw);
      if ("error" in result) ctx.addIssue({ code: "custom", message: result.error, path: [index] });
      else if (!canonical.includes(result.entry)) canonical.push(result.entry);
    }
    return canonical;
  });

/** The portal's text box: one entry per line, or separated by commas or spaces. */
export function splitAllowlistText(text: string): string[] {
  return text.split(/[\s,]+/).filter(Boolean);
}
