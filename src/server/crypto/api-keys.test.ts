import { describe, expect, it } from "vitest";
import { apiKeyHint, generateApiKey, hashApiKey, parseApiKey } from "./api-keys";

const BASE62 = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";

describe("API keys (product rules §1)", () => {
  it.each(["test", "live"] as const)("generated %s keys have the documented format and parse to their mode", (mode) => {
    for (let i = 0; i < 200; i++) {
      const key = generateApiKey(mode);
      expect(key).toMatch(new RegExp(`^hubi_${mode}_[0-9A-Za-z]{49}$`));
      expect(parseApiKey(key)).toEqual({ mode });
    }
  });

  it("keys are unique", () => {
    const keys = new Set(Array.from({ length: 1000 }, () => generateApiKey("test")));
    expect(keys.size).toBe(1000);
  });

  it("any one-character typo in the secret or checksum fails the checksum", () => {
    const key = generateApiKey("live");
    const start = "hubi_live_".length;
    for (let i = start; i < key.length; i++) {
      for (const replacement of [BASE62[(BASE62.indexOf(key[i]!) + 1) % 62]!, BASE62[(BASE62.indexOf(key[i]!) + 31) % 62]!]) {
        const typo = key.slice(0, i) + replacement + key.slice(i + 1);
        expect(parseApiKey(typo), `typo at ${i}`).toBeNull();
      }
    }
  });

  it("swapping the mode invalidates the key (the mode is covered by the checksum)", () => {
    const key = generateApiKey("test");
    expect(parseApiKey(key.replace("hubi_test_", "hubi_live_"))).toBeNull();
  });

  it.each([
    ["empty", ""],
    ["no prefix", "a".repeat(49)],
    ["wrong prefix", `sk_test_${"a".repeat(49)}`],
    ["unknown mode", `hubi_prod_${"a".repeat(49)}`],
    ["one character short", generateApiKey("test").slice(0, -1)],
    ["one character long", `${generateApiKey("test")}a`],
    ["non-base62 character", `${generateApiKey("test").slice(0, -7)}-${generateApiKey("test").slice(-6)}`],
    ["surrounding whitespace", ` ${generateApiKey("test")}`],
  ])("rejects %s", (_name, key) => {
    expect(parseApiKey(key)).toBeNull();
  });

  it("the hint shows the mode and the last four characters only", () => {
    const live = generateApiKey("live");
    const test = generateApiKey("test");
    expect(apiKeyHint(live)).toBe(`hubi_live_…${live.slice(-4)}`);
    expect(apiKeyHint(test)).toBe(`hubi_test_…${test.slice(-4)}`);
  });

  it("keys are stored as a SHA-256 hex digest", () => {
    const key = generateApiKey("test");
    expect(hashApiKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashApiKey(key)).not.toBe(hashApiKey(generateApiKey("test")));
    expect(hashApiKey(key)).toBe(hashApiKey(key));
  });
});
