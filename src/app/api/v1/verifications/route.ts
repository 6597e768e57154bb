import { listVerificationsOperation } from "@/server/api/operations";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { listVerifications } from "@/server/verifications/list-verifications";

export const GET = apiRoute(listVerificationsOperation, async ({ ctx, query }) => {
  const page = await listVerifications(ctx, { businessId: ctx.actor.businessId, mode: ctx.actor.mode, ...query, chargeCredit: true });
  return { body: { message: "Verifications retrieved", ...page } };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const HEAD = POST; // HEAD would run GET, and GET costs a credit in live mode
export const OPTIONS = POST;
