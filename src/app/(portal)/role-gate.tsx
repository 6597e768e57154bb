import { mayDo, ROLE_FOR, type PortalAction } from "@/contracts/roles";
import { getPortalSession } from "@/server/auth/portal-session";
import { Forbidden } from "@/components/portal/forbidden";

/** Server-side page guard: members whose role may not do `action` get the forbidden state, not the page. */
export async function RoleGate({ action, children }: { action: PortalAction; children: React.ReactNode }) {
  const session = await getPortalSession();
  if (!session?.membership || !mayDo(session.membership.role, action)) return <Forbidden need={ROLE_FOR[action]} />;
  return <>{children}</>;
}
