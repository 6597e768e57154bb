import { z } from "zod";
import { memberProcedure, router, submitted } from "../init";
import { createApiKey, createApiKeyInput } from "@/server/keys/create-api-key";
import { createReferenceKey } from "@/server/keys/create-reference-key";
import { listApiKeys } from "@/server/keys/list-api-keys";
import { revokeApiKey, revokeApiKeyInput } from "@/server/keys/revoke-api-key";
import { updateApiKey, updateApiKeyInput } from "@/server/keys/update-api-key";
import { rollApiKey, rollApiKeyInput } from "@/server/keys/roll-api-key";

export const keysRouter = router({
  list: memberProcedure("manageKeys").query(({ ctx }) => listApiKeys(ctx.service, { businessId: ctx.businessId, mode: ctx.mode })),
  create: memberProcedure("manageKeys")
    .input(submitted(createApiKeyInput.pick({ name: true, expiresInDays: true, scope: true, allowedIps: true })))
    .mutation(({ ctx, input }) => createApiKey(ctx.service, { ...input, businessId: ctx.businessId, mode: ctx.mode })),
  // Always a sandbox key, whichever mode the portal is in.
  createReferenceKey: memberProcedure("manageKeys")
    .input(submitted(z.object({})))
    .mutation(({ ctx }) => createReferenceKey(ctx.service, { businessId: ctx.businessId })),
  revoke: memberProcedure("manageKeys").input(revokeApiKeyInput).mutation(({ ctx, input }) => revokeApiKey(ctx.service, input)),
  update: memberProcedure("manageKeys").input(updateApiKeyInput).mutation(({ ctx, input }) => updateApiKey(ctx.service, input)),
  roll: memberProcedure("manageKeys").input(submitted(rollApiKeyInput)).mutation(({ ctx, input }) => rollApiKey(ctx.service, input)),
});
