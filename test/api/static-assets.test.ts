/** The favicon and the logo the portal shows are served from public/. */
import { describe, expect, inject, it } from "vitest";

describe("favicon and logo", () => {
  it.each([
    ["/favicon.ico", "image/"],
    ["/logo.svg", "image/svg+xml"],
    ["/icon.svg", "image/svg+xml"],
  ])("%s is served as %s", async (path, type) => {
    const res = await fetch(`${inject("baseUrl")}${path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain(type);
  });

  it("the sign-in page shows the logo", async () => {
    const html = await (await fetch(`${inject("baseUrl")}/sign-in`)).text();
    expect(html).toMatch(/<img[^>]+logo\.svg/);
  });
});
