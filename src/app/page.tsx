import Image from "next/image";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";
import { buttonClasses } from "@/components/ui/button-classes";
import { getPortalSession } from "@/server/auth/portal-session";

const FEATURES = ["oneCall", "names", "compliance"] as const;

/** The front door: what Hubi is, and the way into the portal (or back to it) and the docs. */
export default async function Home() {
  const [session, t] = await Promise.all([getPortalSession(), getTranslations("landing")]);
  const home = session && !session.membership && session.user.isPlatformAdmin ? "/admin" : "/overview";
  const links = [
    ...(session
      ? [{ href: home, label: t("links.openPortal"), variant: "primary" as const }]
      : [
          { href: "/sign-up", label: t("links.signUp"), variant: "primary" as const },
          { href: "/sign-in", label: t("links.signIn"), variant: "secondary" as const },
        ]),
    { href: "/docs/guide", label: t("links.guide"), variant: "ghost" as const },
    { href: "/docs", label: t("links.reference"), variant: "ghost" as const },
  ];
  return (
    <main className="mx-auto max-w-4xl px-6 py-16 sm:py-24">
      <div className="flex items-center justify-between gap-3">
        <div className="flex items-center gap-3">
          <Image src="/logo.svg" alt="" width={40} height={40} priority />
          <span className="text-2xl font-semibold tracking-tight text-blue-900">Hubi</span>
        </div>
        <LanguageSwitcher signedIn={Boolean(session)} />
      </div>
      <h1 className="mt-10 text-3xl font-semibold tracking-tight sm:text-4xl">{t("headline")}</h1>
      <p className="mt-4 max-w-2xl text-lg text-slate-600">{t("intro")}</p>
      <div className="mt-8 flex flex-wrap gap-3">
        {links.map((l) => (
          <Link key={l.href} className={buttonClasses(l.variant)} href={l.href}>
            {l.label}
          </Link>
        ))}
      </div>
      <ul className="mt-14 grid gap-6 sm:grid-cols-3">
        {FEATURES.map((f) => (
          <li key={f} className="rounded-lg bg-white p-5 shadow-sm ring-1 ring-slate-200">
            <h2 className="font-semibold">{t(`features.${f}.title`)}</h2>
            <p className="mt-2 text-sm text-slate-600">{t(`features.${f}.body`)}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
