/**
 * Whether `npm start` is the local demo, where webhooks may go to http:// and private addresses
 * (a receiver on the developer's own machine). Never for a deployment: not when a public URL or
 * NODE_ENV=production is set, and not when the server listens beyond loopback, where anyone who
 * reaches it could aim webhooks at the internal network.
 */
import net from "node:net";

export function isLoopback(host: string): boolean {
  if (host === "localhost") return true;
  if (net.isIPv4(host)) return host.startsWith("127.");
  return host === "::1" || host === "[::1]";
}

export function isLocalDemo(env: { PUBLIC_BASE_URL?: string; NODE_ENV?: string }, host: string): boolean {
  return !env.PUBLIC_BASE_URL && env.NODE_ENV !== "production" && isLoopback(host);
}
