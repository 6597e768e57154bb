import type { Metadata } from "next";
import Link from "next/link";
import { notFound, redirect } from "next/navigation";
import { getPortalSession } from "@/server/auth/portal-session";
import { AdminNav } from "./_components/admin-nav";
import { SignOutButton } from "./_components/sign-out-button";

// Per-user pages: never prerendered or cached.
export const dynamic = "force-dynamic";

export const metadata: Metadata = { title: { default: "Admin", template: "%s · Admin · Hubi" } };

/** Platform admins only, checked on the server before anything renders; procedures check again. */
export default async function AdminLayout({ children }: { children: React.ReactNode }) {
  const session = await getPortalSession();
  const user = session?.user;
  if (!user) redirect("/sign-in?callbackUrl=/admin");
  // Not found rather than forbidden: the console's existence is nobody else's business.
  if (!user.isPlatformAdmin) notFound();
  if (!user.twoFactorEnabled) redirect("/account?required=two-factor");
  return (
    <div className="min-h-screen">
      <header className="border-b border-slate-800 bg-slate-900 text-slate-100">
        <div className="mx-auto flex max-w-6xl items-center justify-between gap-6 px-6 py-3">
          <div className="flex items-center gap-6">
            <span className="font-semibold tracking-tight">
              Hubi <span className="ml-1 rounded bg-amber-400 px-1.5 py-0.5 text-xs font-bold text-slate-900">ADMIN</span>
            </span>
            <AdminNav />
          </div>
          <span className="flex items-center gap-4 text-sm text-slate-400">
            {user.email}
            {user.memberships.length > 0 && (
              <Link href="/overview" className="text-slate-300 hover:text-white">
                Portal
              </Link>
            )}
            <SignOutButton />
          </span>
        </div>
      </header>
      <main className="mx-auto max-w-6xl px-6 py-8">{children}</main>
    </div>
  );
}
