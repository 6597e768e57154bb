import Image from "next/image";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { getPortalSession } from "@/server/auth/portal-session";
import { LanguageSwitcher } from "@/components/i18n/language-switcher";

export default async function AuthLayout({ children }: { children: React.ReactNode }) {
  const [t, session] = await Promise.all([getTranslations("common"), getPortalSession()]);
  return (
    <main className="flex min-h-screen flex-col items-center justify-center px-4 py-12">
      <div className="absolute right-4 top-4">
        <LanguageSwitcher signedIn={session !== null} />
      </div>
      <Link href="/" className="mb-8 flex items-center gap-2 text-2xl font-semibold tracking-tight text-blue-900">
        <Image src="/logo.svg" alt="" width={32} height={32} />
        Hubi
      </Link>
      <div className="w-full max-w-md rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 sm:p-8">{children}</div>
      <p className="mt-6 text-xs text-slate-500">{t("tagline")}</p>
    </main>
  );
}
