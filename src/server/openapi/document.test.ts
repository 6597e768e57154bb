import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { EVENT_TYPES, eventSchemas } from "@/contracts/events";
import { openApiDocument } from "./document";

const doc = openApiDocument();
type Operation = { parameters?: { name: string; in: string }[]; responses: Record<string, { headers?: Record<string, unknown> }> };
const operation = (path: string, method: "get" | "post") => (doc.paths?.[path] as Record<string, Operation>)[method]!;

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document", async () => {
    const validator = new Validator();
    const result = await validator.validate(JSON.parse(JSON.stringify(doc)));
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
    expect(validator.version).toBe("3.1");
  });

  it("is memoized", () => {
    expect(openApiDocument()).toBe(doc);
  });

  it.each([
    ["/verify/citizen", "post", ["200", "202", "400", "401", "402", "403", "405", "409", "429", "500", "503"]],
    ["/verifications", "get", ["200", "400", "401", "402", "403", "405", "429", "500"]],
    // Retrieving is free (a pending verification is polled with it): no 402.
    ["/verifications/{id}", "get", ["200", "400", "401", "403", "404", "405", "429", "500"]],
    ["/events", "get", ["200", "400", "401", "403", "405", "429", "500"]],
    ["/events/feed", "get", ["200", "400", "401", "403", "405", "429", "500"]],
    ["/events/{id}", "get", ["200", "400", "401", "403", "404", "405", "429", "500"]],
    ["/docs/openapi.json", "get", ["200", "405"]],
  ] as const)("documents %s %s with its status codes", (path, method, statuses) => {
    expect(Object.keys(operation(path, method).responses).sort()).toEqual([...statuses].sort());
  });

  it("documents the error codes with the Error schema", () => {
    const conflict = JSON.stringify(operation("/verify/citizen", "post").responses["409"]);
    expect(conflict).toContain("#/components/schemas/Error");
    expect(JSON.stringify(doc.paths)).toContain("INSUFFICIENT_CREDITS");
    expect((doc.components?.schemas?.Error as { properties: { code: { enum: string[] } } }).properties.code.enum).toEqual(
      expect.arrayContaining(["BAD_REQUEST", "UNAUTHORIZED", "INSUFFICIENT_CREDITS", "FORBIDDEN", "NOT_FOUND", "CONFLICT", "RATE_LIMITED", "INTERNAL_ERROR"]),
    );
  });

  it("documents the headers: Idempotency-Key, X-Request-Id, RateLimit-*, Retry-After, Idempotent-Replayed", () => {
    const verify = operation("/verify/citizen", "post");
    expect(verify.parameters).toContainEqual(expect.objectContaining({ in: "header", name: "Idempotency-Key" }));
    expect(Object.keys(verify.responses["200"]!.headers!)).toEqual(
      expect.arrayContaining(["X-Request-Id", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Idempotent-Replayed"]),
    );
    expect(Object.keys(verify.responses["429"]!.headers!)).toContain("Retry-After");
    expect(Object.keys(verify.responses["409"]!.headers!)).toContain("Retry-After");
    expect(Object.keys(verify.responses["401"]!.headers!)).toEqual(["X-Request-Id"]);
  });

  it("renders list query parameters as integers, an enum and dates", () => {
    const params = JSON.stringify(operation("/verifications", "get").parameters);
    const byName = Object.fromEntries(
      (operation("/verifications", "get").parameters as unknown as { name: string; schema: Record<string, unknown> }[]).map((p) => [p.name, p.schema]),
    );
    expect(byName.page).toMatchObject({ type: "integer", minimum: 1, default: 1 });
    expect(byName.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 100, default: 20 });
    // The filter is strict; the outcomes responses report are open (see below).
    expect(byName.result).toMatchObject({ type: "string", enum: ["verified", "not_found", "expired", "revoked", "deceased", "pending", "unavailable"] });
    expect(byName.startingAfter).toMatchObject({ type: "string", format: "uuid" });
    expect(byName.from).toMatchObject({ anyOf: [{ format: "date" }, { format: "date-time" }] });
    expect(params).not.toContain("pattern");
  });

  it("documents the outcome as open to new values, so generated clients tolerate them", () => {
    const result = doc.components?.schemas?.VerificationResult as Record<string, unknown>;
    expect(result["x-extensible-enum"]).toEqual(["verified", "not_found", "expired", "revoked", "deceased", "pending", "unavailable"]);
    expect(result.enum).toBeUndefined();
  });

  it("declares ids in paths as plain strings: a malformed id is the 404 the server answers, not a 400", () => {
    for (const path of ["/verifications/{id}", "/events/{id}"]) {
      const [param] = operation(path, "get").parameters as unknown as { schema: Record<string, unknown> }[];
      expect(param!.schema).toMatchObject({ type: "string" });
      expect(param!.schema.format).toBeUndefined();
      expect(param!.schema.pattern).toBeUndefined();
    }
  });

  it("lists the deployment's absolute servers first, then the relative path, with contact and license", () => {
    expect(doc.servers?.map((s) => s.url)).toEqual(["https://api.hubi.so/api/v1", "https://sandbox.hubi.so/api/v1", "/api/v1"]);
    const own = openApiDocument({ live: "https://id.bank.example", test: "https://id.bank.example" });
    expect(own.servers?.map((s) => s.url)).toEqual(["https://id.bank.example/api/v1", "/api/v1"]);
    expect(doc.info.contact?.email).toBeTruthy();
    expect(doc.info.license?.url).toBeTruthy();
  });

  it("keeps credit balances in events non-negative", () => {
    const low = JSON.stringify(doc.components?.schemas?.Event_credits_low);
    expect(low).toContain('"balance":{"type":"integer","minimum":0');
  });

  it("uses bearer API-key security everywhere except the document itself", () => {
    expect(doc.components?.securitySchemes?.apiKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(doc.security).toEqual([{ apiKey: [] }]);
    expect((operation("/docs/openapi.json", "get") as { security?: unknown[] }).security).toEqual([]);
  });

  it("shows the sandbox magic IDs in examples", () => {
    const text = JSON.stringify(operation("/verify/citizen", "post"));
    for (const id of ["11111111111", "22222222222", "33333333333", "44444444444"]) expect(text).toContain(id);
  });

  it("documents every webhook event with Standard Webhooks signing headers", () => {
    expect(Object.keys(doc.webhooks ?? {}).sort()).toEqual([...EVENT_TYPES].sort());
    const post = (doc.webhooks?.credits_low as { post: Operation & { description: string } }).post;
    expect(post.parameters?.map((p) => p.name)).toEqual(["webhook-id", "webhook-timestamp", "webhook-signature"]);
    expect(post.description).toContain("v1,<base64>");
  });

  it("gives every webhook event a payload example that its own schema accepts", () => {
    for (const type of EVENT_TYPES) {
      const body = (doc.webhooks?.[type] as { post: { requestBody: { content: { "application/json": { example: unknown } } } } }).post.requestBody;
      const example = body.content["application/json"].example;
      expect(example, type).toMatchObject({ type });
      expect(eventSchemas[type].safeParse(example).success, type).toBe(true);
    }
  });
});
