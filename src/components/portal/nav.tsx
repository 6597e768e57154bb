"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { useTranslations } from "next-intl";
import { mayDo, type PortalAction } from "@/contracts/roles";
import { cn } from "@/components/ui/cn";
import { usePortal } from "./portal-context";

type NavItem = { href: string; label: NavLabel; action?: PortalAction; adminOnly?: boolean };
type NavLabel = "overview" | "keys" | "verify" | "batches" | "history" | "requestLog" | "credits" | "webhooks" | "liveAccess" | "team" | "dataProtection" | "admin";

const ITEMS: NavItem[] = [
  { href: "/overview", label: "overview" },
  { href: "/keys", label: "keys", action: "manageKeys" },
  { href: "/verify", label: "verify", action: "verify" },
  { href: "/batches", label: "batches" },
  { href: "/history", label: "history" },
  { href: "/request-log", label: "requestLog" },
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
  const items = ITEMS.filter((i) => (i.adminOnly ? isPlatformAdmin : mayDo(role, i.action ?? "read")));
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
