import type { z } from "zod";
import { changePasswordInput } from "@/contracts/accounts";
import type { ServiceContext } from "@/server/context";
import { db } from "@/server/db/client";
import { recordAudit } from "@/server/audit/record";
import { badRequest, forbidden } from "@/server/errors";
import { hashPassword } from "@/server/accounts/passwords";
import { checkAccountPassword } from "./account-throttle";
import { endSessions } from "./sessions";

/** Changes the signed-in user's password; every other session of theirs ends (product rules §21). */
export async function changePassword(ctx: ServiceContext, currentSessionId: string | undefined, input: z.input<typeof changePasswordInput>) {
  if (ctx.actor.type !== "user") throw forbidden("Only a signed-in user can change their password");
  const userId = ctx.actor.userId;
  const { currentPassword, newPassword } = changePasswordInput.parse(input);
  const user = await db().user.findUniqueOrThrow({ where: { id: userId }, select: { id: true, email: true, locale: true, passwordHash: true } });
  if (!(await checkAccountPassword(user, currentPassword))) {
    throw badRequest("The current password is not correct", [{ field: "currentPassword", message: "The current password is not correct" }]);
  }
  const passwordHash = await hashPassword(newPassword);
  return db().$transaction(async (tx) => {
    await tx.user.update({ where: { id: userId }, data: { passwordHash } });
    const ended = await endSessions(tx, userId, currentSessionId);
    await recordAudit(tx, ctx, { action: "user.password_changed", targetType: "user", targetId: userId, metadata: { sessionsEnded: ended } });
    return { sessionsEnded: ended };
  });
}
