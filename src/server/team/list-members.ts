import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";

export const listMembersInput = z.object({ businessId: z.uuid() });

/** Members of the business, oldest first. */
export async function listMembers(ctx: ServiceContext, input: z.input<typeof listMembersInput>) {
  const { businessId } = listMembersInput.parse(input);
  assertBusinessAccess(ctx, businessId, "read");
  const members = await db().membership.findMany({
    where: { businessId },
    orderBy: { createdAt: "asc" },
    select: { role: true, createdAt: true, user: { select: { id: true, name: true, email: true } } },
  });
  return members.map((m) => ({ userId: m.user.id, name: m.user.name, email: m.user.email, role: m.role, since: m.createdAt }));
}
