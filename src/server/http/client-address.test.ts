import { describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER } from "@/contracts/headers";
import { clientAddress } from "./client-address";

const headers = (peer: string | undefined, forwarded?: string) =>
  new Headers({ ...(peer ? { [PEER_ADDRESS_HEADER]: peer } : {}), ...(forwarded ? { "x-forwarded-for": forwarded } : {}) });

describe("the client's address", () => {
  it("is the TCP peer when no proxy is trusted, whatever X-Forwarded-For claims", () => {
    expect(clientAddress(headers("203.0.113.9", "1.2.3.4"), 0)).toBe("203.0.113.9");
  });

  it("is what our outermost trusted proxy saw, never a spoofed leftmost entry", () => {
    // client spoofs 1.2.3.4; our proxy appends the real client 198.51.100.7; the peer is our proxy
    expect(clientAddress(headers("10.0.0.2", "1.2.3.4, 198.51.100.7"), 1)).toBe("198.51.100.7");
    // two proxies of ours: a load balancer and an ingress
    expect(clientAddress(headers("10.0.0.3", "1.2.3.4, 198.51.100.7, 10.0.0.2"), 2)).toBe("198.51.100.7");
  });

  it("falls back to the furthest address known when the chain is shorter than the hops", () => {
    expect(clientAddress(headers("10.0.0.2"), 1)).toBe("10.0.0.2");
    expect(clientAddress(headers("10.0.0.2", "198.51.100.7"), 3)).toBe("198.51.100.7");
  });

  it("reads plain header objects as next-auth passes them", () => {
    expect(clientAddress({ [PEER_ADDRESS_HEADER]: "10.0.0.2", "x-forwarded-for": "198.51.100.7" }, 1)).toBe("198.51.100.7");
  });
});
