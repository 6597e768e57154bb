import { describe, expect, it } from "vitest";
import { FROM_TRPC, TRPC_CODE } from "./trpc-error-codes";

describe("tRPC error codes", () => {
  it("reads every tRPC code the server throws back as one of ours that maps to it", () => {
    for (const trpc of Object.values(TRPC_CODE)) expect(TRPC_CODE[FROM_TRPC[trpc]!]).toBe(trpc);
  });

  it("reads a conflict as CONFLICT, not as a request still in flight", () => {
    expect(FROM_TRPC.CONFLICT).toBe("CONFLICT");
    expect(FROM_TRPC.PRECONDITION_FAILED).toBe("INSUFFICIENT_CREDITS");
  });
});
