/**
 * The public API's route handlers (src/app/api/v1), taken from the Next.js build and called
 * directly by the web start (scripts/web.ts). Next.js's own way to a route handler (its router,
 * request wrappers and render context) costs a live verify about 2 ms on each request, close to
 * half of the 5 ms Hubi allows itself on top of the registry gateway; the handlers need none of
 * it (they take a Request and return a Response, and call no Next.js request API).
 *
 * The handlers are the build's very modules, loaded as Next.js loads them, so they share every
 * module and singleton with the rest of the app (a copy compiled apart would not: its classes
 * would be other classes). It relies on two things of the build: its `app-paths-manifest.json`
 * and each route's `routeModule.userland`; the API's tests run through this path, so a Next.js
 * release that changes either fails them. Paths Next.js must still see (a `//` it redirects, an
 * unknown method) are not matched, and Next.js answers them.
 */
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import type { FetchHandler } from "./fetch-bridge";

type RouteHandler = (request: Request, context: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type BuiltRouteModule = { routeModule: { ensureUserland(): Promise<void>; userland: Record<string, unknown> } };

/** A route's path split in segments: a name, `[id]`, or `[...path]` (one or more segments). */
type Segment = { name: string } | { param: string } | { rest: string };
type Route = { pattern: string; handlers: Record<string, RouteHandler> };

const API_PREFIX = "/api/v1";

/** The route entries of the build's manifest that belong to the public API. */
export function apiRoutePatterns(manifest: Record<string, string>): [pattern: string, file: string][] {
  return Object.entries(manifest)
    .filter(([page]) => (page === `${API_PREFIX}/route` || page.startsWith(`${API_PREFIX}/`)) && page.endsWith("/route"))
    .map(([page, file]) => [page.slice(0, -"/route".length), file]);
}

export async function loadBuiltApiRoutes(distDir: string) {
  const serverDir = path.resolve(distDir, "server");
  const manifest = JSON.parse(fs.readFileSync(path.join(serverDir, "app-paths-manifest.json"), "utf8")) as Record<string, string>;
  const load = createRequire(path.join(serverDir, "index.js"));
  const routes: Route[] = [];
  for (const [pattern, file] of apiRoutePatterns(manifest)) {
    const { routeModule } = load(path.join(serverDir, file)) as BuiltRouteModule;
    await routeModule.ensureUserland();
    const handlers = Object.fromEntries(Object.entries(routeModule.userland).filter(([, v]) => typeof v === "function")) as Record<string, RouteHandler>;
    routes.push({ pattern, handlers });
  }
  return apiRouter(routes);
}

/** Matches a request to its route, the most specific first: a name before `[id]`, `[id]` before `[...path]`. */
export function apiRouter(routes: Route[]) {
  const ordered = routes.map((r) => ({ ...r, segments: segmentsOf(r.pattern) })).sort((a, b) => compareSpecificity(a.segments, b.segments));
  return {
    /** The handler for this request, or null when Next.js should answer it. */
    match(method: string | undefined, url: string | undefined): FetchHandler | null {
      const pathname = (url ?? "").split("?", 1)[0]!;
      if (!pathname.startsWith(API_PREFIX) || (pathname.length > API_PREFIX.length && pathname[API_PREFIX.length] !== "/")) return null;
      if (pathname.includes("//") || pathname.includes("\\")) return null;
      const parts = decodedParts(pathname.endsWith("/") ? pathname.slice(0, -1) : pathname);
      if (!parts) return null;
      for (const route of ordered) {
        const params = paramsOf(route.segments, parts);
        if (!params) continue;
        const handler = route.handlers[method ?? ""];
        if (!handler) return null;
        return (request) => handler(request, { params: Promise.resolve(params) });
      }
      return null;
    },
  };
}

function segmentsOf(pattern: string): Segment[] {
  return pattern
    .split("/")
    .filter(Boolean)
    .map((s) => (s.startsWith("[...") ? { rest: s.slice(4, -1) } : s.startsWith("[") ? { param: s.slice(1, -1) } : { name: s }));
}

const rank = (s: Segment | undefined) => (s === undefined ? -1 : "name" in s ? 0 : "param" in s ? 1 : 2);

function compareSpecificity(a: Segment[], b: Segment[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const difference = rank(a[i]) - rank(b[i]);
    if (difference !== 0) return difference;
  }
  return 0;
}

function decodedParts(pathname: string): string[] | null {
  try {
    return pathname.split("/").filter(Boolean).map(decodeURIComponent);
  } catch {
    return null;
  }
}

function paramsOf(segments: Segment[], parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if ("rest" in segment) {
      if (parts.length <= i) return null;
      params[segment.rest] = parts.slice(i);
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    if ("name" in segment && segment.name !== part) return null;
    if ("param" in segment) params[segment.param] = part;
  }
  return parts.length === segments.length ? params : null;
}
