import Image from "next/image";
import Link from "next/link";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { getPortalSession } from "@/server/auth/portal-session";
import { SignOutButton } from "@/components/admin/sign-out-button";
import { redirectToSignIn } from "@/server/auth/redirect-to-sign-in";

// Per-user pages: never prerendered or cached.
export const dynamic = "force-dynamic";

/** The user's own account: reachable by every signed-in user, before any business or console. */
export default async function AccountLayout({ children }: { children: React.ReactNode }) {
  const session = await getPortalSession();
  if (!session) return redirectToSignIn();
  const { user } = session;
  const home = user.memberships.length > 0 ? "/overview" : "/admin";
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-4 px-4 py-3 sm:px-6">
          <Link href={home} className="flex items-center gap-2 font-semibold text-blue-900">
            <Image src="/logo.svg" alt="" width={24} height={24} />
            Hubi
          </Link>
          <span className="flex items-center gap-4 text-sm text-slate-600">
            <span className="hidden sm:inline">{user.email}</span>
            <LanguageSwitcher signedIn />
            <SignOutButton className="font-medium text-blue-800 hover:underline" />
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-3xl px-4 py-8 sm:px-6">{children}</main>
    </div>
  );
}
