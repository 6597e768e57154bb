/**
 * The repository stands on its own: its code, docs and README point to its own documentation
 * (docs/), never to design files outside it. Applied migrations are history and stay as written.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import { describe, expect, it } from "vitest";

const TEXT = /\.(ts|tsx|js|mjs|md|json|sql|prisma|css|yml|yaml)$/;
const files = execFileSync("git", ["ls-files"], { encoding: "utf8" })
  .split("\n")
  .filter((f) => f && TEXT.test(f) && !f.startsWith("prisma/migrations/") && f !== "package-lock.json" && !f.endsWith("self-contained.test.ts"));

describe("the repository stands on its own", () => {
  it("names no file outside it", () => {
    const outside = files.filter((f) => fs.existsSync(f) && /\.\.\/shared|DECISIONS/.test(fs.readFileSync(f, "utf8")));
    expect(outside).toEqual([]);
  });

  it("links only documentation it has", () => {
    const readme = fs.readFileSync("README.md", "utf8");
    const links = [...readme.matchAll(/\]\(((?:docs|sdk|data)\/[^)#]+)\)/g)].map((m) => m[1]!);
    expect(links.length).toBeGreaterThan(2);
    expect(links.filter((l) => !fs.existsSync(l))).toEqual([]);
  });
});
