/** The headers the real server sends: a per-request CSP nonce on every page, the others everywhere. */
import { describe, expect, inject, it } from "vitest";
import { api } from "../support/api";

const page = (path: string) => fetch(`${inject("baseUrl")}${path}`, { redirect: "manual" });
const nonceOf = (csp: string | null) => /'nonce-([^']+)'/.exec(csp ?? "")?.[1];

describe("pages", () => {
  it.each(["/sign-in", "/sign-up", "/docs/guide"])("%s runs scripts only with a fresh nonce and cannot be framed", async (path) => {
    const [first, second] = [await page(path), await page(path)];
    const csp = first.headers.get("content-security-policy");
    const nonce = nonceOf(csp);
    expect(nonce).toBeTruthy();
    expect(nonceOf(second.headers.get("content-security-policy"))).not.toBe(nonce);
    expect(csp).not.toMatch(/script-src[^;]*'unsafe-inline'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(first.headers.get("x-content-type-options")).toBe("nosniff");
    expect(first.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(first.headers.get("strict-transport-security")).toBeNull(); // the test server is http
    const html = await first.text();
    const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);
    expect(scripts.length).toBeGreaterThan(0);
    for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
  });
});

describe("the API", () => {
  it("sends nosniff and no-frame headers with its JSON", async () => {
    const res = await api("GET", "/verifications");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("x-frame-options")).toBe("DENY");
  });
});
