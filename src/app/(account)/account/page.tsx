import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { pageTitle } from "@/i18n/page-title";
import { PageHeader } from "@/components/ui/page-header";
import { Notice } from "@/components/ui/states";
import { getPortalSession } from "@/server/auth/portal-session";
import { TwoFactorCard } from "@/components/account/two-factor-card";
import { PasswordCard } from "@/components/account/password-card";
import { SessionsCard } from "@/components/account/sessions-card";

export const generateMetadata = pageTitle("account");

export default async function AccountPage() {
  const session = (await getPortalSession())!;
  const { user } = session;
  const t = await getTranslations("account");
  const home = user.memberships.length > 0 ? "/overview" : "/admin";
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={`${user.name} · ${user.email}`} />
      {!user.twoFactorEnabled && (user.isPlatformAdmin || user.memberships.some((m) => m.requireTwoFactor)) ? (
        <Notice tone="warning">
          {t(user.isPlatformAdmin ? "requiredAdmin" : "requiredMember")}
        </Notice>
      ) : (
        <Link href={home} className="text-sm font-medium text-blue-800 hover:underline">
          {t(home === "/admin" ? "backToAdmin" : "backToPortal")}
        </Link>
      )}
      <TwoFactorCard />
      <PasswordCard />
      <SessionsCard />
    </div>
  );
}
