"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { Role } from "@/generated/prisma/enums";
import { cn } from "@/components/ui/cn";
import { usePortal } from "./portal-context";
import { hasRole } from "./roles";

type NavItem = { href: string; label: string; minRole?: Role; adminOnly?: boolean };

// Viewers never see key material, so pages that show keys or key hints need the developer role.
const ITEMS: NavItem[] = [
  { href: "/overview", label: "Overview" },
  { href: "/keys", label: "API keys", minRole: "developer" },
  { href: "/verify", label: "Verify", minRole: "developer" },
  { href: "/history", label: "History" },
  { href: "/request-log", label: "Request log", minRole: "developer" },
  { href: "/credits", label: "Credits" },
  { href: "/webhooks", label: "Webhooks" },
  { href: "/live-access", label: "Live access" },
  { href: "/team", label: "Team" },
  { href: "/data-protection", label: "Data protection" },
  { href: "/admin", label: "Admin", adminOnly: true },
];

export function Nav({ onNavigate }: { onNavigate?: () => void }) {
  const pathname = usePathname();
  const { role, isPlatformAdmin } = usePortal();
  const items = ITEMS.filter((i) => (i.adminOnly ? isPlatformAdmin : hasRole(role, i.minRole ?? "viewer")));
  return (
    <nav aria-label="Main">
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
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
