import { env } from "@/env";

/**
 * The shared rows' key: the gateway's URL and our client id. A deployment moved to another gateway
 * or client starts with no token and an empty quota window, and test runs with simulators of their
 * own never share either.
 */
export const gatewayKey = (): string => `${env().REGISTRY_URL}|${env().REGISTRY_CLIENT_ID}`;
