import type { Role } from "@/generated/prisma/enums";
import { getPortalSession } from "@/server/auth/portal-session";
import { Forbidden } from "@/components/portal/forbidden";
import { hasRole } from "@/components/portal/roles";

/** Server-side page guard: members below `min` get the forbidden state, not the page. */
export async function RoleGate({ min, children }: { min: Role; children: React.ReactNode }) {
  const session = await getPortalSession();
  if (!session?.membership || !hasRole(session.membership.role, min)) return <Forbidden need={min} />;
  return <>{children}</>;
}
