import { describe, expect, it } from "vitest";
import { canonicalAllowlistEntry, ipAllowlistSchema, splitAllowlistText } from "./ip-allowlist";

describe("allowlist entries", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["203.0.113.7/32", "203.0.113.7"],
    ["203.0.113.77/24", "203.0.113.0/24"],
    ["10.1.2.3/8", "10.0.0.0/8"],
    ["0.0.0.0/0", "0.0.0.0/0"],
    ["2001:DB8:0:0:0:0:0:1", "2001:db8::1"],
    ["2001:db8::1/128", "2001:db8::1"],
    ["2001:db8:abcd:12::7/48", "2001:db8:abcd::/48"],
    ["2001:db8::/32", "2001:db8::/32"],
    ["::/0", "::/0"],
    ["::1", "::1"],
    ["::ffff:192.0.2.1", "::ffff:c000:201"],
  ])("%j is kept as %j", (raw, canonical) => {
    expect(canonicalAllowlistEntry(raw)).toEqual({ entry: canonical });
  });

  it.each([
    ["256.1.1.1", "not an IPv4 or IPv6 address"],
    ["1.2.3", "not an IPv4 or IPv6 address"],
    ["01.2.3.4", "not an IPv4 or IPv6 address"],
    ["0x7f.0.0.1", "not an IPv4 or IPv6 address"],
    ["example.com", "not an IPv4 or IPv6 address"],
    ["2001:db8::1::2", "not an IPv4 or IPv6 address"],
    ["fe80::1%eth0", "not an IPv4 or IPv6 address"],
    ["1.2.3.4/24/1", "not an IPv4 or IPv6 address"],
    ["1.2.3.4/33", "prefix length outside 0–32"],
    ["1.2.3.4/", "prefix length outside 0–32"],
    ["2001:db8::/129", "prefix length outside 0–128"],
    ["2001:db8::/-1", "prefix length outside 0–128"],
  ])("%j is refused", (raw, message) => {
    const result = canonicalAllowlistEntry(raw);
    expect("error" in result && result.error).toContain(message);
  });

  it("a list is canonical and de-duplicated, empty entries dropped; errors name the entry's index", () => {
    expect(ipAllowlistSchema.parse(["10.0.0.1/24", "10.0.0.0/24", "", "2001:DB8::1"])).toEqual(["10.0.0.0/24", "2001:db8::1"]);
    const failed = ipAllowlistSchema.safeParse(["10.0.0.1", "nope"]);
    expect(failed.success).toBe(false);
    expect(failed.error!.issues.map((i) => [i.path, i.message])).toEqual([[[1], '"nope" is not an IPv4 or IPv6 address or CIDR range']]);
  });

  it("at most 50 entries", () => {
    const entries = Array.from({ length: 51 }, (_, i) => `10.0.${i}.0/24`);
    expect(ipAllowlistSchema.safeParse(entries.slice(0, 50)).success).toBe(true);
    expect(ipAllowlistSchema.safeParse(entries).error!.issues[0]!.message).toBe("At most 50 addresses or ranges");
  });

  it("the portal's text splits on lines, commas and spaces", () => {
    expect(splitAllowlistText("10.0.0.1\n 10.0.0.2, 10.0.0.3  2001:db8::/32\n\n")).toEqual(["10.0.0.1", "10.0.0.2", "10.0.0.3", "2001:db8::/32"]);
  });
});
