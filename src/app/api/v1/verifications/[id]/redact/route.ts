import { verificationIdSchema } from "@/contracts/verifications";
import { redactVerificationOperation } from "@/server/api/operations";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { notFound } from "@/server/errors";
import { redactVerification } from "@/server/verifications/redact-verification";

export const POST = apiRoute(redactVerificationOperation, async ({ ctx, params }) => {
  // A malformed id cannot name any verification: the same 404 as an unknown one.
  const id = verificationIdSchema.safeParse(params.id);
  if (!id.success) throw notFound("Verification not found");
  const { data, alreadyRedacted } = await redactVerification(ctx, { businessId: ctx.actor.businessId, mode: ctx.actor.mode, id: id.data });
  return { body: { message: alreadyRedacted ? "Verification already redacted" : "Verification redacted", data } };
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const HEAD = GET;
export const OPTIONS = GET;
