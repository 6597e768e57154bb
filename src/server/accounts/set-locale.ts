import type { z } from "zod";
import { setLocaleInput } from "@/contracts/accounts";
import type { ServiceContext } from "@/server/context";
import { db } from "@/server/db/client";
import { forbidden } from "@/server/errors";

/**
 * Saves the signed-in user's language for the portal and emails. Setting a value is idempotent:
 * choosing the same language again changes nothing.
 */
export async function setLocale(ctx: ServiceContext, input: z.input<typeof setLocaleInput>) {
  if (ctx.actor.type !== "user") throw forbidden("Only a signed-in user has a language");
  const { locale } = setLocaleInput.parse(input);
  await db().user.update({ where: { id: ctx.actor.userId }, data: { locale } });
  return { locale };
}
