/**
 * The hosts this deployment answers on, from its settings: PUBLIC_BASE_URL for production and
 * SANDBOX_BASE_URL for the sandbox (the production host when unset, since the key decides the mode).
 * Without PUBLIC_BASE_URL the document names Hubi's own hosts.
 */
import { env } from "@/env";
import { API_HOSTS, type ApiHosts } from "./document";

const origin = (url: string) => new URL(url).origin;

export function deploymentHosts(): ApiHosts {
  const { PUBLIC_BASE_URL, SANDBOX_BASE_URL } = env();
  if (!PUBLIC_BASE_URL) return API_HOSTS;
  return { live: origin(PUBLIC_BASE_URL), test: origin(SANDBOX_BASE_URL ?? PUBLIC_BASE_URL) };
}
