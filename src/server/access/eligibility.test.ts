import { describe, expect, it } from "vitest";
import { AppError } from "@/server/errors";
import { assertEligible, ELIGIBILITY } from "./eligibility";

describe("eligibility", () => {
  it("maps every refusing status to its error, and lets only ok through", () => {
    expect(() => assertEligible("ok", "verify")).not.toThrow();
    const refused = ELIGIBILITY.filter((s) => s !== "ok").map((s) => {
      try {
        assertEligible(s, "verify");
        return null;
      } catch (error) {
        return error instanceof AppError ? [s, error.code] : null;
      }
    });
    expect(refused).toEqual([
      ["revoked", "UNAUTHORIZED"],
      ["expired", "UNAUTHORIZED"],
      ["suspended", "FORBIDDEN"],
      ["live_not_enabled", "FORBIDDEN"],
      ["read_only", "FORBIDDEN"],
      ["address_not_allowed", "FORBIDDEN"],
    ]);
  });

  it("tells a read-only key what its request was: a verify or a batch", () => {
    expect(() => assertEligible("read_only", "verify")).toThrow(/not verify/);
    expect(() => assertEligible("read_only", "batch")).toThrow(/cannot create or cancel batches/);
  });

  it("refuses a status it does not know", () => {
    expect(() => assertEligible("something_new", "verify")).toThrow(AppError);
  });
});
