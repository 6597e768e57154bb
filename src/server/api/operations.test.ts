/// <reference types="vite/client" />
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/server/openapi/document";
import { OPERATIONS } from "./operations";

const ROUTES = import.meta.glob("../../app/api/v1/**/route.ts");

/** The route file that serves a declared path: /verifications/{id} → verifications/[id]/route.ts. */
function routeModule(path: string) {
  const load = ROUTES[`../../app/api/v1${path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`];
  if (!load) throw new Error(`No route file serves ${path}`);
  return load();
}

describe("one declaration per operation", () => {
  it.each(OPERATIONS.map((op) => [`${op.method.toUpperCase()} ${op.path}`, op] as const))("%s is served by a handler built from its declaration", async (_, op) => {
    const route = (await routeModule(op.path)) as Record<string, { operation?: unknown }>;
    expect(route[op.method.toUpperCase()]?.operation).toBe(op);
  });

  it("the OpenAPI document describes exactly the declared operations (and itself)", () => {
    const documented = Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => `${method} ${path}`),
    );
    expect(documented.sort()).toEqual([...OPERATIONS.map((op) => `${op.method} ${op.path}`), "get /docs/openapi.json"].sort());
  });
});
