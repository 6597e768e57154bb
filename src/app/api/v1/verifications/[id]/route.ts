import { verificationIdSchema } from "@/contracts/verifications";
import { getVerificationOperation } from "@/server/api/operations";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { notFound } from "@/server/errors";
import { getVerification } from "@/server/verifications/get-verification";

export const GET = apiRoute(getVerificationOperation, async ({ ctx, params }) => {
  // A malformed id cannot name any verification: the same 404 as an unknown one.
  const id = verificationIdSchema.safeParse(params.id);
  if (!id.success) throw notFound("Verification not found");
  const data = await getVerification(ctx, { businessId: ctx.actor.businessId, mode: ctx.actor.mode, id: id.data, chargeCredit: true });
  return { body: { message: "Verification retrieved", data } };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const HEAD = POST; // HEAD would run GET, and GET costs a credit in live mode
export const OPTIONS = POST;
