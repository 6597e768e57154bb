/** A portal tRPC mutation over HTTP, as the browser sends it (same origin, superjson's envelope). */
import { inject } from "vitest";

export const portalMutation = (path: string, input: unknown, headers: Record<string, string> = {}) =>
  fetch(`${inject("baseUrl")}/api/trpc/${path}`, {
    method: "POST",
    headers: { origin: new URL(inject("baseUrl")).origin, "content-type": "application/json", ...headers },
    body: JSON.stringify({ json: input }),
  });
