/**
 * Who may do what to a business. Services call these with their context so the rule holds the
 * same way from the portal, the CLI and any future caller.
 */
import { mayDo, type PortalAction } from "@/contracts/roles";
import type { ServiceContext } from "@/server/context";
import { AppError, forbidden } from "@/server/errors";

/**
 * Passes for the system, platform admins, the business's own API keys, and members of
 * `businessId` whose role may do `action` (the role table, src/contracts/roles.ts).
 */
export function assertBusinessAccess(ctx: ServiceContext, businessId: string, action: PortalAction): void {
  const { actor } = ctx;
  if (actor.type === "system") return;
  if (actor.type === "api_key" && actor.businessId === businessId) return;
  if (actor.type === "user" && actor.isPlatformAdmin && !actor.membership) return;
  if (isMemberAllowed(ctx, businessId, action)) return;
  throw forbidden("You do not have permission to do this for this business");
}

/** Whether the actor is a member of `businessId` whose role may do `action` (a platform admin as such is not). */
export function isMemberAllowed(ctx: ServiceContext, businessId: string, action: PortalAction): boolean {
  const m = ctx.actor.type === "user" ? ctx.actor.membership : undefined;
  return !!m && m.businessId === businessId && mayDo(m.role, action);
}

export function assertPlatformAdmin(ctx: ServiceContext): void {
  const { actor } = ctx;
  if (actor.type === "system") return;
  if (actor.type === "user" && actor.isPlatformAdmin) return;
  throw new AppError("FORBIDDEN", "Only platform admins can do this");
}
