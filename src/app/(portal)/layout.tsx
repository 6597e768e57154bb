import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { PortalShell } from "@/components/portal/shell";
import { getPortalSession } from "@/server/auth/portal-session";
import { redirectToSignIn } from "@/server/auth/redirect-to-sign-in";

// Per-user pages: never prerendered or cached.
export const dynamic = "force-dynamic";

export default async function PortalLayout({ children }: { children: React.ReactNode }) {
  const session = await getPortalSession();
  if (!session) return redirectToSignIn();
  if (session.mustEnrolTwoFactor) redirect("/account?required=two-factor");
  const { user, membership, mode } = session;
  // A platform admin who belongs to no business works in the admin console.
  if (!membership && user.isPlatformAdmin) redirect("/admin");
  if (!membership) {
    const t = await getTranslations("common.shell");
    return (
      <main className="mx-auto max-w-lg px-6 py-24 text-center">
        <h1 className="text-xl font-semibold">{t("notMemberTitle")}</h1>
        <p className="mt-2 text-sm text-slate-600">{t("notMemberBody")}</p>
      </main>
    );
  }
  return (
    <PortalShell
      info={{
        userName: user.name,
        email: user.email,
        isPlatformAdmin: user.isPlatformAdmin,
        businessId: membership.businessId,
        businessName: membership.businessName,
        role: membership.role,
        mode,
        suspended: membership.suspended,
        memberships: user.memberships,
      }}
    >
      {children}
    </PortalShell>
  );
}
