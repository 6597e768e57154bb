"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";

const LINKS = [
  { href: "/admin", key: "dashboard" },
  { href: "/admin/businesses", key: "businesses" },
  { href: "/admin/live-access", key: "liveAccess" },
  { href: "/admin/registry", key: "registry" },
  { href: "/admin/audit", key: "audit" },
] as const;

export function AdminNav() {
  const t = useTranslations("admin.nav");
  const pathname = usePathname();
  return (
    <nav aria-label={t("label")} className="flex flex-wrap gap-1">
      {LINKS.map(({ href, key }) => {
        const current = pathname === href || (href !== "/admin" && pathname.startsWith(`${href}/`));
        return (
          <Link
            key={href}
            href={href}
            aria-current={current ? "page" : undefined}
            className={`rounded-md px-3 py-1.5 text-sm ${current ? "bg-slate-700 text-white" : "text-slate-300 hover:bg-slate-800 hover:text-white"}`}
          >
            {t(key)}
          </Link>
        );
      })}
    </nav>
  );
}
