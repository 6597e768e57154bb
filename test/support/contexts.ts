/** Service contexts for the actors tests play: a platform admin, a business member, the system. */
import { randomUUID } from "node:crypto";
import type { ServiceContext } from "@/server/context";
import type { Role } from "@/generated/prisma/enums";
import { createAdmin } from "@/server/accounts/create-admin";
import { systemContext } from "@/server/context";

const requestId = () => `test_${randomUUID()}`;

export async function adminContext(): Promise<ServiceContext> {
  const { userId } = await createAdmin(systemContext("test-factory"), {
    email: `admin-${randomUUID()}@hubi.test`,
    password: "admin password 123",
  });
  return { actor: { type: "user", userId, isPlatformAdmin: true }, requestId: requestId() };
}

export function memberContext(member: { userId: string; businessId: string }, role: Role = "owner"): ServiceContext {
  return {
    actor: { type: "user", userId: member.userId, isPlatformAdmin: false, membership: { businessId: member.businessId, role } },
    requestId: requestId(),
  };
}
