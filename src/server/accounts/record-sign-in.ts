import { db } from "@/server/db/client";
import { recordAudit } from "@/server/audit/record";
import { newRequestId } from "@/server/crypto/identifiers";

export async function recordSignIn(userId: string): Promise<void> {
  const user = await db().user.findUnique({ where: { id: userId }, select: { isPlatformAdmin: true } });
  await recordAudit(db(), { actor: { type: "user", userId, isPlatformAdmin: user?.isPlatformAdmin ?? false }, requestId: newRequestId() }, {
    action: "user.signed_in",
    targetType: "user",
    targetId: userId,
  });
}
