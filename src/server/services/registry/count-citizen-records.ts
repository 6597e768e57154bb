import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertPlatformAdmin } from "@/server/authorization";

/** Size of the production registry by record status (platform admins). */
export async function countCitizenRecords(ctx: ServiceContext) {
  assertPlatformAdmin(ctx);
  const [active, revoked] = await db().$transaction([
    db().citizenRecord.count({ where: { status: "active" } }),
    db().citizenRecord.count({ where: { status: "revoked" } }),
  ]);
  return { total: active + revoked, active, revoked };
}
