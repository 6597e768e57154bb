import Image from "next/image";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { buttonClasses } from "@/components/ui/button-classes";
import { pageTitle } from "@/i18n/page-title";

export const generateMetadata = pageTitle("landing", "notFound.title");

/** Any unknown page (API paths answer their own JSON 404). */
export default async function NotFound() {
  const t = await getTranslations("landing.notFound");
  return (
    <main className="mx-auto flex max-w-lg flex-col items-center px-6 py-24 text-center">
      <Image src="/logo.svg" alt="Hubi" width={48} height={48} />
      <p className="mt-6 text-sm font-semibold text-blue-800">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t("heading")}</h1>
      <p className="mt-2 text-slate-600">{t("body")}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link className={buttonClasses("primary")} href="/">
          {t("home")}
        </Link>
        <Link className={buttonClasses("secondary")} href="/docs/guide">
          {t("guide")}
        </Link>
      </div>
    </main>
  );
}
