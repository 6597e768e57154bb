/**
 * The portal API through the real server: mutations only from the portal's own origin and as
 * JSON (cross-site request forgery), bounded batches and bodies.
 */
import { describe, expect, inject, it } from "vitest";
import { MAX_BATCH, MAX_BODY_BYTES } from "@/server/trpc/request-guard";

const url = (path: string) => `${inject("baseUrl")}/api/trpc/${path}`;
const own = () => new URL(inject("baseUrl")).origin;
const mutation = (headers: Record<string, string>, body = JSON.stringify({ json: { name: "x" } })) =>
  fetch(url("keys.create"), { method: "POST", headers, body, redirect: "manual" });

describe("portal API requests", () => {
  it("lets a JSON mutation from the portal's origin through to tRPC (which then asks for a session)", async () => {
    const res = await mutation({ origin: own(), "content-type": "application/json" });
    expect(res.status).toBe(401);
  });

  it("refuses a mutation from another origin or without one", async () => {
    expect((await mutation({ origin: "https://evil.example", "content-type": "application/json" })).status).toBe(403);
    expect((await mutation({ "content-type": "application/json" })).status).toBe(403);
  });

  it("refuses form posts: multipart, urlencoded and text", async () => {
    for (const type of ["multipart/form-data; boundary=x", "application/x-www-form-urlencoded", "text/plain"]) {
      expect((await mutation({ origin: own(), "content-type": type }, "name=x")).status).toBe(415);
    }
  });

  it("refuses more than the maximum calls in one batch", async () => {
    const calls = (n: number) => Array.from({ length: n }, () => "session.me").join(",");
    const input = (n: number) => encodeURIComponent(JSON.stringify(Object.fromEntries(Array.from({ length: n }, (_, i) => [i, { json: null }]))));
    expect((await fetch(url(`${calls(MAX_BATCH + 1)}?batch=1&input=${input(MAX_BATCH + 1)}`))).status).toBe(400);
    expect((await fetch(url(`${calls(MAX_BATCH)}?batch=1&input=${input(MAX_BATCH)}`))).status).not.toBe(400);
  });

  it("refuses a body over the limit", async () => {
    const big = JSON.stringify({ json: { name: "x".repeat(MAX_BODY_BYTES + 1) } });
    expect((await mutation({ origin: own(), "content-type": "application/json" }, big)).status).toBe(413);
  });
});
