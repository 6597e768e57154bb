import { describe, expect, it, beforeAll } from "vitest";
import { api } from "../support/api";
import { createTestBusiness, uniqueNationalId, type TestBusiness } from "../support/factories";

let biz: TestBusiness;
beforeAll(async () => {
  biz = await createTestBusiness();
});

const verify = (body: unknown, headers?: Record<string, string>) => api("POST", "/verify/citizen", { key: biz.testKey, body, headers });

describe("POST /verify/citizen in the sandbox", () => {
  it("verifies the sample citizen with details, free of charge", async () => {
    const res = await verify({ nationalId: "11111111111", purpose: "  Account opening  " });
    expect(res.status).toBe(200);
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.body).toMatchObject({
      message: "Citizen verified",
      cached: false,
      creditDeducted: false,
      data: { result: "verified", purpose: "Account opening", channel: "api", creditsUsed: 0 },
      citizen: { fullName: "Amina Hassan Abdi", dateOfBirth: "1990-04-12", dateOfIssue: "2019-06-01" },
    });
    expect(res.body.data.reference).toMatch(/^HV-\d{8}-[0-9A-HJKMNP-TV-Z]{8}$/);
  });

  it.each([
    ["22222222222", "not_found", "No citizen record matches this national ID"],
    ["33333333333", "expired", "This national ID card has expired"],
    ["44444444444", "revoked", "This national ID card has been revoked"],
  ])("answers %s with %s and no citizen details", async (nationalId, result, message) => {
    const res = await verify({ nationalId });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message, data: { result, purpose: null }, citizen: null });
  });

  it("generates the same citizen for the same ID every time", async () => {
    const id = uniqueNationalId();
    const [a, b] = [await verify({ nationalId: id }), await verify({ nationalId: id })];
    expect(a.body.citizen).toEqual(b.body.citizen);
    expect(a.body.citizen.fullName).toMatch(/^\S+ \S+ \S+$/);
    expect(a.body.data.id).not.toBe(b.body.data.id);
  });
});

describe("POST /verify/citizen rejects bad input with 400 and errors[]", () => {
  const idError = { field: "nationalId", message: "National ID must be exactly 11 digits" };

  it.each([
    ["10 digits", { nationalId: "1234567890" }, [idError]],
    ["12 digits", { nationalId: "123456789012" }, [idError]],
    ["a number", { nationalId: 12345678901 }, [idError]],
    ["spaces", { nationalId: "123 456 7890" }, [idError]],
    ["dashes", { nationalId: "123-456-7890" }, [idError]],
    ["Arabic-Indic digits", { nationalId: "١٢٣٤٥٦٧٨٩٠١" }, [idError]],
    ["a missing ID", { purpose: "x" }, [{ field: "nationalId", message: "nationalId is required" }]],
    ["an unknown field", { nationalId: "11111111111", name: "x" }, [{ field: "name", message: "Unknown field 'name'" }]],
    ["a long purpose", { nationalId: "11111111111", purpose: "p".repeat(201) }, [{ field: "purpose", message: "Purpose must be at most 200 characters" }]],
  ])("%s", async (_name, body, errors) => {
    const res = await verify(body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: "failed", code: "BAD_REQUEST", errors });
    expect(res.body.requestId).toBe(res.headers.get("x-request-id"));
  });

  it.each([
    ["malformed JSON", "{nationalId: 1", "application/json", "The request body is not valid JSON"],
    ["an array", "[]", "application/json", "The request body must be a JSON object"],
    ["null", "null", "application/json", "The request body must be a JSON object"],
    ["an empty body", "", "application/json", "The request body is empty; send a JSON object"],
    ["a form body", "nationalId=11111111111", "application/x-www-form-urlencoded", "Content-Type must be application/json"],
    ["a 1 MB body", JSON.stringify({ nationalId: "11111111111", purpose: "x".repeat(1_000_000) }), "application/json", "The request body is too large (limit 16 KiB)"],
  ])("%s", async (_name, rawBody, type, message) => {
    const res = await api("POST", "/verify/citizen", { key: biz.testKey, rawBody, headers: { "content-type": type } });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: "failed", code: "BAD_REQUEST", message });
  });

  it("records nothing for a rejected request", async () => {
    const before = await api("GET", "/verifications?limit=1", { key: biz.testKey });
    await verify({ nationalId: "123" });
    const after = await api("GET", "/verifications?limit=1", { key: biz.testKey });
    expect(after.body.pagination.total).toBe(before.body.pagination.total);
  });
});

describe("routing", () => {
  it("answers unknown paths with 404 NOT_FOUND in the API's format", async () => {
    const res = await api("GET", "/nope", { key: biz.testKey });
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ status: "failed", code: "NOT_FOUND" });
  });

  it("answers a wrong method with 405 METHOD_NOT_ALLOWED", async () => {
    const res = await api("GET", "/verify/citizen", { key: biz.testKey });
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
    expect(res.body).toMatchObject({ status: "failed", code: "METHOD_NOT_ALLOWED" });
  });
});
