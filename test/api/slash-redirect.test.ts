/**
 * Every response carries X-Request-Id (product rules §7), including the 308 with which the server
 * answers a path holding `//` or `\` before any route runs.
 */
import http from "node:http";
import { describe, expect, inject, it } from "vitest";

/** The path exactly as written (fetch would turn a backslash into a slash). */
function get(path: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    http.get(new URL(inject("baseUrl")), { path }, (res) => resolve(res.resume())).on("error", reject);
  });
}

describe("a path with a repeated slash or a backslash", () => {
  it.each(["/api/v1//verifications", "//api/v1/verifications?limit=1", "/api/v1/verifications\\x", "/sign-in//"])(
    "%s: the 308 has an X-Request-Id",
    async (path) => {
      const res = await get(path);
      expect(res.statusCode).toBe(308);
      expect(res.headers["x-request-id"]).toMatch(/^req_[0-9A-Z]{20}$/);
    },
  );
});
