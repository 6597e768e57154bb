"use client";
import Link from "next/link";
import Image from "next/image";
import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { Button } from "@/components/ui/button";
import { BusinessSwitcher } from "./business-switcher";
import { ModeSwitch } from "./mode-switch";
import { RegistryBanner } from "./registry-banner";
import { Nav } from "./nav";
import { PortalProvider, type PortalInfo } from "./portal-context";

/** The portal frame: sidebar (a drawer on small screens), top bar with the mode switch, test banner. */
export function PortalShell({ info, children }: { info: PortalInfo; children: React.ReactNode }) {
  const t = useTranslations("common.shell");
  const roles = useTranslations("common.roles");
  const [menuOpen, setMenuOpen] = useState(false);
  const router = useRouter();
  const queryClient = useQueryClient();
  // No server redirect: next-auth would build it from NEXTAUTH_URL, which may name another host.
  async function onSignOut() {
    await signOut({ redirect: false });
    queryClient.clear(); // the next person at this browser must not see this business's data
    router.replace("/sign-in");
    router.refresh();
  }
  return (
    <PortalProvider value={info}>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2">
        {t("skipToContent")}
      </a>
      {info.suspended && (
        <div role="alert" className="bg-red-700 px-4 py-2 text-center text-sm font-medium text-white print:hidden">
          {t("suspended", { business: info.businessName })}
        </div>
      )}
      <RegistryBanner />
      {info.mode === "test" && (
        <div role="note" className="bg-amber-400 px-4 py-1 text-center text-xs font-semibold uppercase tracking-wide text-amber-950 print:hidden">
          {t("testBanner")}
        </div>
      )}
      <div className="flex min-h-screen">
        <aside
          onKeyDown={(e) => e.key === "Escape" && setMenuOpen(false)}
          className={`${menuOpen ? "fixed inset-0 z-40 block bg-white" : "hidden"} w-full border-r border-slate-200 bg-white px-3 py-4 md:static md:block md:w-60 md:shrink-0 print:hidden`}
        >
          <div className="mb-4 flex items-center justify-between px-3">
            <span className="flex items-center gap-2 text-lg font-semibold tracking-tight text-blue-900">
              <Image src="/logo.svg" alt="" width={24} height={24} />
              Hubi
            </span>
            <Button variant="ghost" size="sm" className="md:hidden" onClick={() => setMenuOpen(false)}>
              {t("closeMenu")}
            </Button>
          </div>
          <div className="mb-4 px-3">
            <BusinessSwitcher />
            <p className="mt-0.5 text-xs text-slate-500">{roles(info.role)}</p>
          </div>
          <Nav onNavigate={() => setMenuOpen(false)} />
          {/* On a phone the header has no room for it: the language is chosen in the menu. */}
          <div className="mt-4 px-3 sm:hidden">
            <LanguageSwitcher signedIn />
          </div>
        </aside>
        <div className="flex min-w-0 flex-1 flex-col">
          <header className="flex items-center justify-between gap-3 border-b border-slate-200 bg-white px-4 py-2 sm:px-6 print:hidden">
            <Button variant="ghost" size="sm" className="md:hidden" aria-expanded={menuOpen} onClick={() => setMenuOpen(true)}>
              {t("menu")}
            </Button>
            <div className="ml-auto flex items-center gap-3">
              <ModeSwitch mode={info.mode} />
              <div className="hidden sm:block">
                <LanguageSwitcher signedIn />
              </div>
              <Link href="/account" className="hidden text-sm text-slate-600 hover:text-slate-900 hover:underline sm:inline" title={t("accountTitle", { email: info.email })}>
                {info.userName}
              </Link>
              <Button variant="secondary" size="sm" className="whitespace-nowrap" onClick={onSignOut}>
                {t("signOut")}
              </Button>
            </div>
          </header>
          <main id="main" className="mx-auto w-full max-w-6xl flex-1 px-4 py-6 sm:px-6 lg:px-8">
            {children}
          </main>
        </div>
      </div>
    </PortalProvider>
  );
}
