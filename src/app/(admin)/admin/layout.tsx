import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { getPortalSession } from "@/server/auth/portal-session";
import { AdminNav } from "@/components/admin/admin-nav";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { redirectToSignIn } from "@/server/auth/redirect-to-sign-in";

// Per-user pages: never prerendered or cached.
export const dynamic = "force-dynamic";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("admin");
  return { title: { default: t("title"), template: t("titleTemplate", { page: "%s" }) } };
}

/** Platform admins only, checked on the server before anything renders; procedures check again. */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const session = await getPortalSession();
  const user = session?.user;
  if (!user) return redirectToSignIn();
  // Not found rather than forbidden: the console's existence is nobody else's business.
  if (!user.isPlatformAdmin) notFound();
  if (!user.twoFactorEnabled) redirect("/account?required=two-factor");
  const t = await getTranslations("admin");
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-800 bg-slate-900 text-slate-100">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <span className="font-semibold tracking-tight">
              Hubi <span className="ml-1 rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-slate-900">{t("badge")}</span>
            </span>
            <AdminNav />
          </div>
          <span className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-1 text-sm text-slate-400">
            {user.email}
            {user.memberships.length > 0 && (
              <Link href="/overview" className="text-slate-300 hover:text-white">
                {t("portal")}
              </Link>
            )}
            <LanguageSwitcher signedIn />
            <SignOutButton />
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}
