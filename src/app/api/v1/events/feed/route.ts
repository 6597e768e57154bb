import { eventFeedOperation } from "@/server/api/operations";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { followEvents } from "@/server/events/follow-events";

export const GET = apiRoute(eventFeedOperation, async ({ ctx, query, request }) => {
  // A client that hangs up stops the wait.
  const page = await followEvents(ctx, { businessId: ctx.actor.businessId, mode: ctx.actor.mode, ...query }, request.signal);
  return { body: { message: "Events retrieved", ...page } };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const HEAD = POST;
export const OPTIONS = POST;
