/**
 * A client that accepts gzip gets the API's larger answers compressed (the OpenAPI document, a
 * page of verifications); small ones (a verification, an error) go as they are, where compressing
 * would cost more time than it saves on the wire.
 */
import http from "node:http";
import zlib from "node:zlib";
import { describe, expect, inject, it } from "vitest";
import { createTestBusiness } from "../support/factories";

type Raw = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function request(method: string, path: string, headers: Record<string, string>, body?: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${inject("baseUrl")}/api/v1${path}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => resolve({ status: res.statusCode!, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

describe("compression", () => {
  it("sends the OpenAPI document gzipped to a client that accepts it, whole to one that does not", async () => {
    const zipped = await request("GET", "/docs/openapi.json", { "accept-encoding": "br, gzip;q=0.8" });
    expect(zipped.headers["content-encoding"]).toBe("gzip");
    expect(zipped.headers.vary).toContain("Accept-Encoding");
    const plain = await request("GET", "/docs/openapi.json", { "accept-encoding": "gzip;q=0, identity" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(zlib.gunzipSync(zipped.body).equals(plain.body)).toBe(true);
    expect(zipped.body.length).toBeLessThan(plain.body.length / 4);
    expect(JSON.parse(plain.body.toString()).openapi).toMatch(/^3\./);
  });

  it("sends a verification and an error as they are, with their length", async () => {
    const biz = await createTestBusiness();
    const headers = { authorization: `Bearer ${biz.testKey}`, "content-type": "application/json", "accept-encoding": "gzip" };
    const verified = await request("POST", "/verify/citizen", headers, JSON.stringify({ nationalId: "11111111111", purpose: "Compression check" }));
    const refused = await request("GET", "/verifications?limit=0", headers);
    for (const res of [verified, refused]) {
      expect(res.headers["content-encoding"]).toBeUndefined();
      expect(Number(res.headers["content-length"])).toBe(res.body.length);
    }
    expect(verified.status).toBe(200);
    expect(JSON.parse(verified.body.toString()).data.result).toBe("verified");
    expect(refused.status).toBe(400);
  });
});
