"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import type { Role } from "@/generated/prisma/enums";
import { cn } from "@/components/ui/cn";
import { usePortal } from "./portal-context";
import { hasRole } from "./roles";

type NavItem = { href: string; label: NavLabel; minRole?: Role; adminOnly?: boolean };
type NavLabel = "overview" | "keys" | "verify" | "batches" | "history" | "requestLog" | "credits" | "webhooks" | "liveAccess" | "team" | "dataProtection" | "admin";

// Viewers never see key material, so pages that show keys or key hints need the developer role.
const ITEMS: NavItem[] = [
  { href: "/overview", label: "overview" },
  { href: "/keys", label: "keys", minRole: "developer" },
  { href: "/verify", label: "verify", minRole: "developer" },
  { href: "/batches", label: "batches", minRole: "developer" },
  { href: "/history", label: "history" },
  { href: "/request-log", label: "requestLog", minRole: "developer" },
  { href: "/credits", label: "credits" },
  { href: "/webhooks", label: "webhooks" },
  { href: "/live-access", label: "liveAccess" },
  { href: "/team", label: "team" },
  { href: "/data-protection", label: "dataProtection" },
  { href: "/admin", label: "admin", adminOnly: true },
];

export function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const t = useTranslations("common.nav");
  const pathname = usePathname();
  const { role, isPlatformAdmin } = usePortal();
  const items = ITEMS.filter((i) => (i.adminOnly ? isPlatformAdmin : hasRole(role, i.minRole ?? "viewer")));
  return (
    <nav aria-label={t("label")}>
      <ul className="space-y-0.5">
        {items.map((item) => {
          const active = pathname === item.href || pathname.startsWith(`${item.href}/`);
          return (
            <li key={item.href}>
              <Link
                href={item.href}
                onClick={onNavigate}
                aria-current={active ? "page" : undefined}
                className={cn(
                  "block rounded-md px-3 py-2 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-800",
                  active ? "bg-blue-50 text-blue-900" : "text-slate-700 hover:bg-slate-100",
                )}
              >
                {t(item.label)}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
