import { verificationIdSchema } from "@/contracts/verifications";
import { seesCitizen } from "@/contracts/api-key-scopes";
import { getVerificationOperation } from "@/server/api/operations";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { notFound } from "@/server/errors";
import { getVerification } from "@/server/verifications/get-verification";
import { completedOutcome } from "@/server/verifications/pending-lookup";

export const GET = apiRoute(getVerificationOperation, async ({ ctx, params }) => {
  // A malformed id cannot name any verification: the same 404 as an unknown one.
  const id = verificationIdSchema.safeParse(params.id);
  if (!id.success) throw notFound("Verification not found");
  const { businessId, mode, scope } = ctx.actor;
  const data = await getVerification(ctx, { businessId, mode, id: id.data });
  // The details that completed a pending verification, kept 24 h (product rules §13).
  const citizen = seesCitizen(scope) && data.result === "verified" ? ((await completedOutcome(businessId, mode, data.id))?.citizen ?? null) : null;
  return { body: { message: "Verification retrieved", data, citizen } };
});

export const POST = methodNotAllowed(["GET"]);
export const PUT = POST;
export const PATCH = POST;
export const DELETE = POST;
export const HEAD = POST;
export const OPTIONS = POST;
