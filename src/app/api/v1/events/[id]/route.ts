import { z } from "zod";
import { getEventOperation } from "@/server/api/operations";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { notFound } from "@/server/errors";
import { getEvent } from "@/server/events/get-event";

export const GET = apiRoute(getEventOperation, async ({ ctx, params }) => {
  // A malformed id cannot name any event: the same 404 as an unknown one.
  const id = z.uuid().safeParse(params.id);
  if (!id.success) throw notFound("Event not found");
  const data = await getEvent(ctx, { businessId: ctx.actor.businessId, mode: ctx.actor.mode, id: id.data });
  return { body: { message: "Event retrieved", data } };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const HEAD = POST;
export const OPTIONS = POST;
