import { describe, expect, it } from "vitest";
import { embeddedIPv4, isBlockedAddress } from "./address-policy";
import { sendRequest, urlProblem, vettedLookup } from "./send-request";

describe("isBlockedAddress", () => {
  it.each([
    ["127.0.0.1", "loopback"],
    ["10.1.2.3", "private"],
    ["172.16.0.1", "private"],
    ["172.31.255.255", "private"],
    ["192.168.1.1", "private"],
    ["100.64.0.1", "CGNAT"],
    ["169.254.169.254", "cloud metadata"],
    ["0.0.0.0", "unspecified"],
    ["224.0.0.1", "multicast"],
    ["255.255.255.255", "broadcast"],
    ["::1", "IPv6 loopback"],
    ["::", "IPv6 unspecified"],
    ["fe80::1", "IPv6 link-local"],
    ["fe80::1%eth0", "IPv6 link-local with a zone"],
    ["fd00:ec2::254", "AWS IPv6 metadata (unique local)"],
    ["fc00::1", "unique local"],
    ["ff02::1", "IPv6 multicast"],
    ["::ffff:127.0.0.1", "IPv4-mapped loopback"],
    ["::ffff:7f00:1", "IPv4-mapped loopback, hex form"],
    ["::ffff:169.254.169.254", "IPv4-mapped metadata"],
    ["::127.0.0.1", "IPv4-compatible loopback"],
    ["64:ff9b::a9fe:a9fe", "NAT64 of the metadata address"],
    ["64:ff9b::10.0.0.1", "NAT64 of a private address"],
    ["2002:7f00:1::", "6to4 of loopback"],
    ["2002:c0a8:101::1", "6to4 of 192.168.1.1"],
    ["2001:0:4136:e378::1", "Teredo"],
    ["not-an-ip", "not an address"],
  ])("blocks %s (%s)", (address) => {
    expect(isBlockedAddress(address)).toBe(true);
  });

  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "100.128.0.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "64:ff9b::808:808", "2002:808:808::1"])(
    "allows the public address %s",
    (address) => {
      expect(isBlockedAddress(address)).toBe(false);
    },
  );

  it("reads the IPv4 address inside embedding IPv6 forms", () => {
    expect(embeddedIPv4("::ffff:10.0.0.1")).toBe("10.0.0.1");
    expect(embeddedIPv4("64:ff9b::c0a8:1")).toBe("192.168.0.1");
    expect(embeddedIPv4("2002:a00:1::")).toBe("10.0.0.1");
    expect(embeddedIPv4("2606:4700::1")).toBeNull();
  });
});

describe("urlProblem with insecure mode off", () => {
  it.each([
    ["http://example.com/hook", "The URL must start with https://"],
    ["ftp://example.com/hook", "The URL must start with https://"],
    ["https://127.0.0.1/hook", "The URL points to a private or reserved address"],
    ["https://[::ffff:127.0.0.1]/hook", "The URL points to a private or reserved address"],
    ["https://2130706433/hook", "The URL points to a private or reserved address"],
    ["https://user:pw@example.com/hook", "The URL must not contain credentials"],
    ["not a url", "Enter a valid URL"],
  ])("refuses %s", (url, problem) => {
    expect(urlProblem(url, false)?.startsWith(problem)).toBe(true);
  });

  it("names the setting that allows http:// and local addresses, and the alternative", () => {
    for (const url of ["http://localhost:4000/hooks", "https://127.0.0.1/hook"]) {
      expect(urlProblem(url, false)).toContain("WEBHOOK_ALLOW_INSECURE=true");
      expect(urlProblem(url, false)).toContain("listen");
    }
  });

  it("accepts a public https URL", () => {
    expect(urlProblem("https://hooks.example.com/hubi", false)).toBeNull();
  });

  it("allows http and local addresses in insecure mode", () => {
    expect(urlProblem("http://127.0.0.1:3000/hook", true)).toBeNull();
  });
});

describe("sendRequest with insecure mode off", () => {
  it("refuses a host name that resolves to a local address before connecting", async () => {
    const result = await sendRequest("https://localhost:9/hook", {}, "{}", { allowInsecure: false });
    expect(result).toMatchObject({ statusCode: null, error: "localhost resolves to a private or reserved address" });
  });
});

describe("vettedLookup (the socket's resolver when insecure mode is off)", () => {
  const lookup = (host: string, all: boolean) =>
    new Promise<{ err: Error | null; result: unknown }>((resolve) =>
      vettedLookup(host, { all }, (err, address, family) => resolve({ err, result: all ? address : { address, family } })),
    );

  it("passes public addresses through, in both callback shapes", async () => {
    expect(await lookup("8.8.8.8", true)).toEqual({ err: null, result: [{ address: "8.8.8.8", family: 4 }] });
    expect(await lookup("8.8.8.8", false)).toEqual({ err: null, result: { address: "8.8.8.8", family: 4 } });
  });

  it("fails when any resolved address is blocked", async () => {
    const { err } = await lookup("localhost", true);
    expect(err?.message).toBe("localhost resolves to a private or reserved address");
  });
});
