/**
 * Every request under /api/v1 is answered by the API (X-Request-Id, the error body), whatever its
 * method or spelling: HEAD and OPTIONS never reach a handler that charges, and a trailing slash is
 * the same resource, not Next's bare redirect.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { api } from "../support/api";
import { createTestBusiness, type TestBusiness } from "../support/factories";
import { balanceOf } from "../support/queries";

const REQUEST_ID = /^req_[0-9A-Z]{20}$/;

let biz: TestBusiness;
let verificationId: string;
beforeAll(async () => {
  biz = await createTestBusiness({ live: true, credits: 10 });
  const res = await api("POST", "/verify/citizen", { key: biz.liveKey, body: { nationalId: "11111111111" } });
  verificationId = res.body.data.id;
});

describe("HEAD and OPTIONS", () => {
  it("HEAD on list and retrieve is 405 with Allow: GET and costs no credit", async () => {
    const before = await balanceOf(biz.businessId);
    for (const path of ["/verifications", `/verifications/${verificationId}`]) {
      const res = await api("HEAD", path, { key: biz.liveKey });
      expect(res.status).toBe(405);
      expect(res.headers.get("allow")).toBe("GET");
      expect(res.headers.get("x-request-id")).toMatch(REQUEST_ID);
    }
    expect(await balanceOf(biz.businessId)).toBe(before);
  });

  it.each(["/verifications", "/verify/citizen", "/nothing-here"])("OPTIONS %s answers with the API's error body and a request id", async (path) => {
    const res = await api("OPTIONS", path, { key: biz.liveKey });
    expect([404, 405]).toContain(res.status);
    expect(res.headers.get("x-request-id")).toMatch(REQUEST_ID);
    expect(res.body).toMatchObject({ status: "failed", requestId: res.headers.get("x-request-id") });
  });
});

describe("a trailing slash", () => {
  it("is the same resource, answered by the API", async () => {
    const res = await api("GET", "/verifications/?limit=1", { key: biz.testKey });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(REQUEST_ID);
    expect(res.body.message).toBe("Verifications retrieved");
  });

  it("on an unknown path is the API's 404", async () => {
    const res = await api("GET", "/nothing-here/", { key: biz.testKey });
    expect(res.status).toBe(404);
    expect(res.headers.get("x-request-id")).toMatch(REQUEST_ID);
    expect(res.body).toMatchObject({ status: "failed", code: "NOT_FOUND" });
  });
});
