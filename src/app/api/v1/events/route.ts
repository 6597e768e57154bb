import { listEventsOperation } from "@/server/api/operations";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { listEvents } from "@/server/events/list-events";

export const GET = apiRoute(listEventsOperation, async ({ ctx, query }) => {
  const page = await listEvents(ctx, { businessId: ctx.actor.businessId, mode: ctx.actor.mode, ...query });
  return { body: { message: "Events retrieved", ...page } };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const HEAD = POST;
export const OPTIONS = POST;
