import Link from "next/link";
import { useTranslations } from "next-intl";

const LINKS = [
  { href: "/docs", key: "reference" },
  { href: "/docs/guide", key: "guide" },
  { href: "/api/v1/docs/openapi.json", key: null },
] as const;

export function DocsNav({ current }: { current: string }) {
  const t = useTranslations("docs.nav");
  return (
    <header className="border-b border-slate-200 bg-white">
      <nav aria-label={t("label")} className="mx-auto flex max-w-6xl items-center gap-6 px-6 py-3 text-sm">
        <Link href="/" className="font-semibold tracking-tight">
          Hubi
        </Link>
        {LINKS.map(({ href, key }) => (
          <Link key={href} href={href} className={href === current ? "font-medium text-slate-900" : "text-slate-500 hover:text-slate-900"}>
            {key ? t(key) : "openapi.json"}
          </Link>
        ))}
      </nav>
    </header>
  );
}
