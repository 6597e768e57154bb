import { describe, expect, it } from "vitest";
import { addressGroup } from "./address-group";

describe("the address group a throttle counts", () => {
  it("is the /64 of an IPv6 address, however it is written", () => {
    expect(addressGroup("2001:db8:1:2::1")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:0DB8:0001:0002:ffff:1:2:3")).toBe("2001:db8:1:2::/64");
    expect(addressGroup("2001:db8:1:3::1")).toBe("2001:db8:1:3::/64");
  });

  it("is the address itself for IPv4, also when written IPv4-mapped", () => {
    expect(addressGroup("198.51.100.7")).toBe("198.51.100.7");
    expect(addressGroup("::ffff:198.51.100.7")).toBe("198.51.100.7");
    expect(addressGroup("::FFFF:198.51.100.8")).toBe("198.51.100.8");
  });
});
