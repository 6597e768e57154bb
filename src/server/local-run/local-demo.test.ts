import { describe, expect, it } from "vitest";
import { isLocalDemo, isLoopback } from "./local-demo";

describe("the local demo (insecure webhooks allowed)", () => {
  it("is a server on loopback with no public URL and no production flag", () => {
    for (const host of ["127.0.0.1", "localhost", "::1", "127.0.0.2"]) expect(isLocalDemo({}, host)).toBe(true);
  });

  it("is never a server listening beyond loopback", () => {
    for (const host of ["0.0.0.0", "::", "10.0.0.5", "192.168.1.20", "hubi.example.com", "128.0.0.1"]) {
      expect(isLoopback(host)).toBe(false);
      expect(isLocalDemo({}, host)).toBe(false);
    }
  });

  it("is never a deployment with a public URL or NODE_ENV=production", () => {
    expect(isLocalDemo({ PUBLIC_BASE_URL: "https://api.hubi.so" }, "127.0.0.1")).toBe(false);
    expect(isLocalDemo({ NODE_ENV: "production" }, "127.0.0.1")).toBe(false);
  });
});
