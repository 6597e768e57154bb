import Link from "next/link";
import { useTranslations } from "next-intl";

const PAGES = [
  { href: "/docs", key: "reference" },
  { href: "/docs/guide", key: "guide" },
] as const;

const linkClass = (current: boolean) => (current ? "font-medium text-slate-900" : "text-slate-500 hover:text-slate-900");

export function DocsNav({ current }: { current: string }) {
  const t = useTranslations("docs.nav");
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label={t("label")} className="mx-auto flex max-w-6xl items-center gap-6 px-6 py-3 text-sm">
        <Link href="/" className="font-semibold tracking-tight">
          Hubi
        </Link>
        {PAGES.map(({ href, key }) => (
          <Link key={href} href={href} className={linkClass(href === current)}>
            {t(key)}
          </Link>
        ))}
        {/* A document, not a page: a plain link, so the router neither prefetches nor renders it. */}
        <a href="/api/v1/docs/openapi.json" className={linkClass(false)}>
          openapi.json
        </a>
      </nav>
    </header>
  );
}
