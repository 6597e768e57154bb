import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/openapi/document";
import { api } from "../support/api";

describe("GET /api/v1/docs/openapi.json", () => {
  it("serves the generated document publicly (no key) and cacheably", async () => {
    const res = await api("GET", "/docs/openapi.json");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/json");
    expect(res.headers.get("cache-control")).toContain("public");
    expect(res.headers.get("x-request-id")).toMatch(/^req_/);
    expect(res.body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
  });
});
