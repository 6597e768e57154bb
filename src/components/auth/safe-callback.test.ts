import { describe, expect, it } from "vitest";
import { safeCallback } from "./safe-callback";

describe("the sign-in callbackUrl", () => {
  it.each(["/history?result=verified", "/history/0b8f7c1e-4d0a-4c55-9a52-3f1f5e0c2d7a", "/keys#live", "/credits?note=a%20b"])(
    "follows the same-site path %s",
    (path) => {
      expect(safeCallback(path)).toBe(path);
    },
  );

  it.each([
    "//evil.com",
    "/\\evil.com",
    "/%5Cevil.com",
    "/%5cevil.com",
    "/%09/evil.com",
    "/%0a/evil.com",
    "/%2F/evil.com",
    "/%252F%252Fevil.com",
    "https://evil.com",
    "http:evil.com",
    "javascript:alert(1)",
    "evil.com",
    "/%E0%A4%A",
    "",
  ])("refuses %j and goes to the overview", (value) => {
    expect(safeCallback(value)).toBe("/overview");
  });
});
