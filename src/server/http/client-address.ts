/**
 * The client's address. X-Forwarded-For is written by whoever sends the request, so only the
 * entries added by our own proxies can be believed: with TRUSTED_PROXY_HOPS = n, the address is
 * the one the outermost of our n proxies saw (n entries from the right of the chain the TCP peer
 * ends). With no proxy (n = 0, the default) it is the TCP peer itself, whatever the header says.
 */
import { PEER_ADDRESS_HEADER } from "@/contracts/headers";

type HeaderSource = { get(name: string): string | null } | Record<string, string | string[] | undefined>;

function header(headers: HeaderSource, name: string): string | undefined {
  if (typeof (headers as { get?: unknown }).get === "function") return (headers as { get(n: string): string | null }).get(name) ?? undefined;
  const value = (headers as Record<string, string | string[] | undefined>)[name];
  return Array.isArray(value) ? value.join(",") : value;
}

export function clientAddress(headers: HeaderSource, trustedHops: number): string | undefined {
  const peer = header(headers, PEER_ADDRESS_HEADER);
  if (!peer) return undefined;
  if (trustedHops === 0) return peer;
  const forwarded = (header(headers, "x-forwarded-for") ?? "").split(",").map((a) => a.trim()).filter(Boolean);
  const chain = [...forwarded, peer];
  return chain[Math.max(0, chain.length - 1 - trustedHops)];
}
