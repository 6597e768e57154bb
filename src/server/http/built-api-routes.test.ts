import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { apiRoutePatterns, apiRouter } from "./built-api-routes";

/** Routes whose handler answers with its pattern and the params it was given. */
function router(patterns: string[]) {
  const handler = (pattern: string) => async (_: Request, context: { params: Promise<Record<string, string | string[]>> }) =>
    Response.json({ pattern, params: await context.params });
  return apiRouter(patterns.map((pattern) => ({ pattern, handlers: { GET: handler(pattern) } })));
}

const served = async (r: ReturnType<typeof router>, url: string, method = "GET") => {
  const handle = r.match(method, url);
  return handle ? ((await (await handle(new Request(`http://localhost${url}`))).json()) as { pattern: string; params: object }) : null;
};

describe("the API's router", () => {
  const r = router(["/api/v1", "/api/v1/[...path]", "/api/v1/events", "/api/v1/events/[id]", "/api/v1/events/feed", "/api/v1/batches/[id]/results"]);

  it("prefers a named segment to a parameter, and a parameter to the catch-all", async () => {
    expect(await served(r, "/api/v1/events/feed?wait=1")).toEqual({ pattern: "/api/v1/events/feed", params: {} });
    expect(await served(r, "/api/v1/events/evt%201")).toEqual({ pattern: "/api/v1/events/[id]", params: { id: "evt 1" } });
    expect(await served(r, "/api/v1/events/a/b")).toEqual({ pattern: "/api/v1/[...path]", params: { path: ["events", "a", "b"] } });
    expect(await served(r, "/api/v1/batches/b1/results")).toEqual({ pattern: "/api/v1/batches/[id]/results", params: { id: "b1" } });
    expect(await served(r, "/api/v1")).toEqual({ pattern: "/api/v1", params: {} });
  });

  it("takes a trailing slash as the same path", async () => {
    expect(await served(r, "/api/v1/events/")).toEqual({ pattern: "/api/v1/events", params: {} });
  });

  it("leaves to Next.js what is not the API's or what it must answer itself", async () => {
    for (const url of ["/api/v1x", "/api/health", "/", "/api/v1//events", "/api/v1/events\\x", "/api/v1/%E0%A4%A", "http://host/api/v1/events"]) {
      expect(await served(r, url), url).toBeNull();
    }
    expect(await served(r, "/api/v1/events", "PROPFIND")).toBeNull();
  });
});

describe("the build's API routes", () => {
  it("are every route file under src/app/api/v1, and nothing else", () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(process.env.NEXT_DIST_DIR || ".next", "server/app-paths-manifest.json"), "utf8"));
    const files = fs
      .readdirSync("src/app/api/v1", { recursive: true, encoding: "utf8" })
      .filter((f) => path.basename(f) === "route.ts")
      .map((f) => `/api/v1/${path.dirname(f)}`.replace(/\/\.$/, ""));
    expect(apiRoutePatterns(manifest).map(([pattern]) => pattern).sort()).toEqual(files.sort());
  });
});
