import { describe, expect, it } from "vitest";
import { loggableIdempotencyKey, loggablePath } from "./loggable-fields";

describe("loggablePath (product rules §13: no national ID in logs)", () => {
  it("masks a national ID in the path down to its last four digits", () => {
    expect(loggablePath("/api/v1/verifications/12345678901")).toBe("/api/v1/verifications/*******8901");
    expect(loggablePath("/api/v1/verifications/id-123456789012345")).toBe("/api/v1/verifications/id-***********2345");
  });

  it("keeps ordinary paths and verification UUIDs intact, even an all-digit UUID group", () => {
    for (const path of ["/api/v1/verify/citizen", "/api/v1/verifications", "/api/v1/verifications/0b8f7c1e-4d0a-4c55-9a52-123456789012", "/api/v1/x/1234567890"]) {
      expect(loggablePath(path)).toBe(path);
    }
  });
});

describe("loggableIdempotencyKey", () => {
  it("masks a national ID inside a client's idempotency key", () => {
    expect(loggableIdempotencyKey("kyc-12345678901-retry")).toBe("kyc-*******8901-retry");
    expect(loggableIdempotencyKey("order-7421-kyc")).toBe("order-7421-kyc");
    expect(loggableIdempotencyKey(null)).toBeNull();
  });
});
