/**
 * Who may do what to a business. Services call these with their context so the rule holds the
 * same way from the portal, the CLI and any future caller.
 */
import type { Role } from "@/generated/prisma/enums";
import type { ServiceContext } from "@/server/context";
import { AppError, forbidden } from "@/server/errors";

const RANK: Record<Role, number> = { viewer: 0, developer: 1, owner: 2 };

/**
 * Passes for the system, platform admins, the business's own API keys, and members of
 * `businessId` with at least `minRole`.
 */
export function assertBusinessAccess(ctx: ServiceContext, businessId: string, minRole: Role): void {
  const { actor } = ctx;
  if (actor.type === "system") return;
  if (actor.type === "api_key" && actor.businessId === businessId) return;
  if (actor.type === "user" && actor.isPlatformAdmin && !actor.membership) return;
  if (isMemberWithRole(ctx, businessId, minRole)) return;
  throw forbidden("You do not have permission to do this for this business");
}

/** Whether the actor is a member of `businessId` with at least `minRole` (a platform admin as such is not). */
export function isMemberWithRole(ctx: ServiceContext, businessId: string, minRole: Role): boolean {
  const m = ctx.actor.type === "user" ? ctx.actor.membership : undefined;
  return !!m && m.businessId === businessId && RANK[m.role] >= RANK[minRole];
}

export function assertPlatformAdmin(ctx: ServiceContext): void {
  const { actor } = ctx;
  if (actor.type === "system") return;
  if (actor.type === "user" && actor.isPlatformAdmin) return;
  throw new AppError("FORBIDDEN", "Only platform admins can do this");
}
