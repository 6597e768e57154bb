/**
 * Which IP addresses a production webhook may reach (product rules §14). Receivers are on the public
 * internet; anything private, loopback, link-local, shared (CGNAT), multicast, reserved or a cloud
 * metadata address is refused. IPv6 forms that embed an IPv4 address (IPv4-mapped, IPv4-compatible,
 * NAT64, 6to4) are judged by the IPv4 address they carry.
 */
import { BlockList, isIPv4, isIPv6 } from "node:net";

const blockedV4 = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // CGNAT shared space (also Alibaba's metadata 100.100.100.200)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata 169.254.169.254
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.88.99.0", 24], // 6to4 relay anycast
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const) {
  blockedV4.addSubnet(net, prefix, "ipv4");
}

const blockedV6 = new BlockList();
for (const [net, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 32], // Teredo (embeds an obfuscated address)
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (includes AWS metadata fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // deprecated site-local
  ["ff00::", 8], // multicast
] as const) {
  blockedV6.addSubnet(net, prefix, "ipv6");
}

/** The 16 bytes of an IPv6 address, or null when it does not parse. */
function ipv6Bytes(address: string): Uint8Array | null {
  let text = address.replace(/%.*$/, "");
  const v4Tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (v4Tail) {
    const octets = v4Tail[1]!.split(".").map(Number);
    text = `${text.slice(0, -v4Tail[1]!.length)}${((octets[0]! << 8) | octets[1]!).toString(16)}:${((octets[2]! << 8) | octets[3]!).toString(16)}`;
  }
  const [head, tail, extra] = text.split("::");
  if (extra !== undefined) return null;
  const headGroups = head ? head.split(":") : [];
  const tailGroups = tail ? tail.split(":") : [];
  const missing = 8 - headGroups.length - tailGroups.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const groups = [...headGroups, ...Array<string>(tail === undefined ? 0 : missing).fill("0"), ...tailGroups];
  const bytes = new Uint8Array(16);
  groups.forEach((g, i) => {
    const n = parseInt(g, 16);
    bytes[i * 2] = n >> 8;
    bytes[i * 2 + 1] = n & 0xff;
  });
  return bytes;
}

const startsWith = (bytes: Uint8Array, prefix: number[]) => prefix.every((b, i) => bytes[i] === b);
const v4At = (bytes: Uint8Array, offset: number) => Array.from(bytes.subarray(offset, offset + 4)).join(".");

/** The IPv4 address an IPv6 address stands for, when it is one of the embedding forms. */
export function embeddedIPv4(address: string): string | null {
  const b = ipv6Bytes(address);
  if (!b) return null;
  const zeros = (n: number) => Array<number>(n).fill(0);
  if (startsWith(b, [...zeros(10), 0xff, 0xff])) return v4At(b, 12); // ::ffff:a.b.c.d (mapped)
  if (startsWith(b, zeros(12))) return v4At(b, 12); // ::a.b.c.d (compatible, deprecated)
  if (startsWith(b, [0, 0x64, 0xff, 0x9b, ...zeros(8)])) return v4At(b, 12); // 64:ff9b::/96 (NAT64)
  if (startsWith(b, [0x20, 0x02])) return v4At(b, 2); // 2002:AABB:CCDD::/16 (6to4)
  return null;
}

/** True when a webhook must not be delivered to this address (or it is not an IP address at all). */
export function isBlockedAddress(address: string): boolean {
  if (isIPv4(address)) return blockedV4.check(address, "ipv4");
  if (!isIPv6(address)) return true;
  const v4 = embeddedIPv4(address);
  // "::" and "::1" also match the compatible form; they are blocked either way.
  if (v4 !== null && blockedV4.check(v4, "ipv4")) return true;
  return blockedV6.check(address.replace(/%.*$/, ""), "ipv6");
}
