import { describe, expect, it } from "vitest";
import { BASE_URLS, Hubi } from "../src/index.js";
import { fakeFetch, json, TEST_KEY } from "./fake-fetch.js";

const LIVE_KEY = "hubi_live_0123456789abcdefghijklmnopqrstuvwxyzABCD";

describe("Hubi options", () => {
  it.each([
    [LIVE_KEY, "test"],
    [TEST_KEY, "live"],
    ["sk_0123456789", "test"],
  ] as const)("refuses a key whose prefix does not match the environment, without revealing it", (apiKey, environment) => {
    const { fetch, calls } = fakeFetch();
    let thrown: unknown;
    try {
      new Hubi({ apiKey, environment, fetch });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(TypeError);
    expect((thrown as Error).message).not.toContain(apiKey.slice(10));
    expect(calls).toHaveLength(0);
  });

  it("refuses a missing key and an unknown environment", () => {
    expect(() => new Hubi({ apiKey: "", environment: "test" })).toThrow(/apiKey is required/);
    expect(() => new Hubi({ apiKey: TEST_KEY, environment: "staging" as "test" })).toThrow(/environment/);
  });

  it.each([
    ["test", TEST_KEY, "https://sandbox.hubi.so/api/v1/verifications"],
    ["live", LIVE_KEY, "https://api.hubi.so/api/v1/verifications"],
  ] as const)("defaults to the %s host", async (environment, apiKey, url) => {
    const { fetch, calls } = fakeFetch(json(200, { message: "ok", data: [], pagination: { page: 1, limit: 20, total: 0, hasMore: false } }));
    await new Hubi({ apiKey, environment, fetch }).listVerifications();
    expect(calls[0]!.url).toBe(url);
    expect(BASE_URLS[environment]).toBe(new URL(url).origin);
  });

  it("uses an overridden base URL", async () => {
    const { fetch, calls } = fakeFetch(json(200, { message: "ok", data: [], pagination: { page: 1, limit: 20, total: 0, hasMore: false } }));
    await new Hubi({ apiKey: TEST_KEY, environment: "test", baseUrl: "http://localhost:3000/", fetch }).listVerifications();
    expect(calls[0]!.url).toBe("http://localhost:3000/api/v1/verifications");
  });
});
