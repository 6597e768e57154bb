/**
 * The unit every per-address throttle counts (sign-in, sign-up, password reset). One IPv6 client
 * usually holds a whole /64 (a home or a server gets one; SLAAC and privacy addresses rotate
 * within it), so counting exact IPv6 addresses would give each client 2^64 fresh budgets. An IPv4
 * address counts as itself, also when written IPv4-mapped (::ffff:a.b.c.d), which must not be
 * lumped into one /64 with every other IPv4 client.
 */
import { canonicalAllowlistEntry } from "@/contracts/ip-allowlist";

const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

export function addressGroup(address: string): string {
  const mapped = IPV4_MAPPED.exec(address);
  if (mapped) return mapped[1]!;
  if (!address.includes(":")) return address;
  const group = canonicalAllowlistEntry(`${address}/64`);
  // Not an address we can parse (never from a socket): count it as written.
  return "entry" in group ? group.entry : address;
}
