/**
 * `listen`: a development tool in the manner of `stripe listen`. It follows a business's events in
 * one mode, as the Events API lists them, and forwards each, signed per Standard Webhooks, to a
 * local receiver, so the receiver can be built without a public URL. It signs with the business's
 * endpoint secret when one exists (so the receiver's configuration works unchanged), otherwise
 * with a secret made for this session and printed at start.
 */
import { generateSecret, openSecret, signatureHeaders } from "@/server/webhooks/signing";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import type { WebhookEvent } from "@/contracts/events";
import { listEvents } from "@/server/services/events/list-events";

type ListenOptions = {
  businessId: string;
  mode: "test" | "live";
  forwardTo: string;
  pollMs?: number;
  /** One line per forwarded event, and one at start. */
  print: (line: object) => void;
  /** Resolves when listening should stop (Ctrl-C). */
  stopped: Promise<void>;
};

/** Transactions commit out of order: each poll looks this far behind the newest event seen. */
const OVERLAP_MS = 10_000;

export async function listen(ctx: ServiceContext, o: ListenOptions): Promise<{ forwarded: number }> {
  const url = new URL(o.forwardTo);
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("--forward-to must be an http(s) URL");
  const endpoint = await db().webhookEndpoint.findUnique({ where: { businessId_mode: { businessId: o.businessId, mode: o.mode } } });
  const secret = endpoint ? openSecret(endpoint.secret) : generateSecret();
  const scope = { businessId: o.businessId, mode: o.mode };

  /** Every event since `from`, oldest first (the API pages newest first). */
  const eventsSince = async (from: Date) => {
    const events: WebhookEvent[] = [];
    for (let startingAfter: string | undefined; ; ) {
      const page = await listEvents(ctx, { ...scope, from, limit: 100, startingAfter });
      events.push(...page.data);
      if (!page.pagination.hasMore) return events.reverse();
      startingAfter = page.data.at(-1)!.id;
    }
  };

  // Only what happens from now on, like a receiver that has just been configured.
  let since = new Date(Date.now() - OVERLAP_MS);
  const seen = new Map((await eventsSince(since)).map((e) => [e.id, Date.parse(e.createdAt)]));
  o.print({ listening: true, ...scope, forwardTo: url.href, secret, secretSource: endpoint ? "endpoint" : "session" });

  let forwarded = 0;
  let stop = false;
  void o.stopped.then(() => (stop = true));
  while (!stop) {
    for (const event of await eventsSince(since)) {
      if (seen.has(event.id)) continue;
      seen.set(event.id, Date.parse(event.createdAt));
      o.print({ event: event.id, type: event.type, ...(await forward(url, event, secret)) });
      forwarded++;
    }
    const newest = Math.max(since.getTime() + OVERLAP_MS, ...seen.values());
    since = new Date(newest - OVERLAP_MS);
    for (const [id, at] of seen) if (at < since.getTime()) seen.delete(id);
    await Promise.race([o.stopped, new Promise((resolve) => setTimeout(resolve, o.pollMs ?? 1_000))]);
  }
  return { forwarded };
}

async function forward(url: URL, event: WebhookEvent, secret: string): Promise<{ status: number } | { error: string }> {
  const body = JSON.stringify({ id: event.id, type: event.type, mode: event.mode, createdAt: event.createdAt, data: event.data });
  try {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", ...signatureHeaders(event.id, new Date(), body, [secret]) },
      body,
      signal: AbortSignal.timeout(10_000),
    });
    return { status: response.status };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}
