import Link from "next/link";
import { PageHeader } from "@/components/ui/page-header";
import { Notice } from "@/components/ui/states";
import { getPortalSession } from "@/server/auth/portal-session";
import { TwoFactorCard } from "@/components/account/two-factor-card";
import { PasswordCard } from "@/components/account/password-card";
import { SessionsCard } from "@/components/account/sessions-card";

export const metadata = { title: "Account" };

export default async function AccountPage() {
  const session = (await getPortalSession())!;
  const { user } = session;
  const home = user.memberships.length > 0 ? "/overview" : "/admin";
  return (
    <div className="space-y-6">
      <PageHeader title="Account" description={`${user.name} · ${user.email}`} />
      {!user.twoFactorEnabled && (user.isPlatformAdmin || user.memberships.some((m) => m.requireTwoFactor)) ? (
        <Notice tone="warning">
          {user.isPlatformAdmin ? "Platform admins" : "Members of your business"} must sign in with a second factor. Turn on two-factor
          sign-in below to continue.
        </Notice>
      ) : (
        <Link href={home} className="text-sm font-medium text-blue-800 hover:underline">
          ← Back to {home === "/admin" ? "the admin console" : "the portal"}
        </Link>
      )}
      <TwoFactorCard />
      <PasswordCard />
      <SessionsCard />
    </div>
  );
}
