import { describe, expect, it } from "vitest";
import { auditableUrl } from "./auditable-url";

describe("webhook URLs in the audit log", () => {
  it("keeps host and path and redacts query values, user info and fragments", () => {
    expect(auditableUrl("https://hooks.example.com/hubi?token=s3cr3t&env=prod")).toBe("https://hooks.example.com/hubi?token=redacted&env=redacted");
    expect(auditableUrl("https://user:pass@hooks.example.com/in#frag")).toBe("https://redacted@hooks.example.com/in");
    expect(auditableUrl("https://hooks.example.com/plain")).toBe("https://hooks.example.com/plain");
  });
});
