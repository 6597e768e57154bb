/**
 * Who may do what in a business: the one role table (product rules, "Portal roles"). Routers,
 * pages, services and the portal's navigation all read it; the authorization test derives its
 * expectations from it.
 */
import type { z } from "zod";
import type { roleSchema } from "./team";

export type Role = z.infer<typeof roleSchema>;

const RANK: Record<Role, number> = { viewer: 0, developer: 1, owner: 2 };

/** The least role each kind of action needs; every role can do what the roles below it can. */
export const ROLE_FOR = {
  /** History, batches and their results, deliveries, the request log, credits, team, status pages. */
  read: "viewer",
  /** Verify, upload and cancel batches. */
  verify: "developer",
  manageKeys: "developer",
  manageWebhooks: "developer",
  manageTeam: "owner",
  manageDataProtection: "owner",
  manageLiveAccess: "owner",
  /** The business itself: its credit alerts and settings; and redacting a verification. */
  manageBusiness: "owner",
} as const satisfies Record<string, Role>;

export type PortalAction = keyof typeof ROLE_FOR;

export const hasRole = (role: Role, min: Role): boolean => RANK[role] >= RANK[min];

export const mayDo = (role: Role, action: PortalAction): boolean => hasRole(role, ROLE_FOR[action]);
