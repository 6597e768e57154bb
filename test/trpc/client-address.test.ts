/**
 * Sign-ups through the real server are throttled per client address, the address is what the
 * trusted proxy (here, the test) says, and with no header at all the TCP peer counts: a client
 * cannot escape the limit by leaving the header out or forging the server's own peer header.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { PEER_ADDRESS_HEADER } from "@/contracts/headers";
import { portalMutation } from "../support/portal-trpc";
import { addressesInOne64 } from "../support/addresses";

const signUp = async (headers: Record<string, string>) =>
  (await portalMutation("account.signUp", { businessName: "Throttle Co", ownerName: "Owner", email: `t-${randomUUID()}@example.test`, password: "long enough password" }, headers)).status;

describe("sign-up throttling through the server", () => {
  it("counts by the address the proxy reports", async () => {
    const address = `203.0.113.${Math.floor(Math.random() * 250)}`;
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push(await signUp({ "x-forwarded-for": address }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it("counts an IPv6 client by its /64", async () => {
    const addresses = addressesInOne64(11);
    const statuses = [];
    for (const address of addresses) statuses.push(await signUp({ "x-forwarded-for": address }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it("counts by the TCP peer when the header is absent, however the peer header is forged", async () => {
    const statuses = [];
    for (let i = 0; i < 11; i++) statuses.push(await signUp({ [PEER_ADDRESS_HEADER]: `198.18.0.${i}` }));
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });
});
