import type { ServiceContext } from "@/server/context";
import type { PortalUser } from "./context";

/** The service context for a portal user, acting for one of their businesses when given. */
export function userServiceContext(
  user: PortalUser,
  membership: PortalUser["memberships"][number] | undefined,
  requestId: string,
  submissionId?: string,
): ServiceContext {
  return {
    actor: {
      type: "user",
      userId: user.id,
      isPlatformAdmin: user.isPlatformAdmin,
      ...(membership ? { membership: { businessId: membership.businessId, role: membership.role } } : {}),
    },
    requestId,
    ...(submissionId ? { submissionId } : {}),
  };
}
