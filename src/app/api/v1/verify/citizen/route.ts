import { verifyCitizenOperation } from "@/server/api/operations";
import { apiRoute, methodNotAllowed } from "@/server/http/route";
import { prefersRespondAsync } from "@/server/http/prefer";
import { verifyCitizen } from "@/server/verifications/verify-citizen";

export const POST = apiRoute(verifyCitizenOperation, async ({ ctx, body, idempotency, keyCheck, policy, request }) => {
  const prefersAsync = prefersRespondAsync(request);
  const result = await verifyCitizen(ctx, {
    businessId: ctx.actor.businessId,
    mode: ctx.actor.mode,
    channel: "api",
    nationalId: body.nationalId,
    purpose: body.purpose,
    match: body.match,
    consent: body.consent,
    lawfulBasis: body.lawfulBasis,
    scope: ctx.actor.scope === "match_only" ? "match_only" : "full",
    apiKeyId: ctx.actor.apiKeyId,
    idempotency,
    keyCheck: keyCheck && { ...keyCheck, prefersAsync },
    respondAsync: prefersAsync || policy.answerPendingWith202,
  });
  const headers: Record<string, string> = result.status === 202 && prefersAsync ? { "Preference-Applied": "respond-async" } : {};
  return { ...result, headers };
});

export const GET = methodNotAllowed(["POST"]);
export const PUT = GET;
export const PATCH = GET;
export const DELETE = GET;
export const HEAD = GET;
export const OPTIONS = GET;
