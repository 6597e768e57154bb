import { verifyCitizenRequestSchema } from "@/contracts/verifications";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { readIdempotencyKey } from "@/server/http/idempotency-header";
import { verifyCitizen } from "@/server/services/verifications/verify-citizen";

export const POST = apiRoute({
  group: "verify",
  body: verifyCitizenRequestSchema,
  async handle({ ctx, body, rawBody, req }) {
    const outcome = await verifyCitizen(ctx, {
      businessId: ctx.actor.businessId,
      mode: ctx.actor.mode,
      channel: "api",
      nationalId: body.nationalId,
      purpose: body.purpose,
      match: body.match,
      scope: ctx.actor.scope === "match_only" ? "match_only" : "full",
      apiKeyId: ctx.actor.apiKeyId,
      idempotencyKey: readIdempotencyKey(req),
      rawBody,
    });
    const headers: Record<string, string> = outcome.replayed ? { "Idempotent-Replayed": "true" } : {};
    return { body: outcome.body, headers };
  },
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const HEAD = GET;
export const OPTIONS = GET;
