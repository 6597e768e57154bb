"use client";
import { useTranslations } from "next-intl";
import { usePortal } from "./portal-context";
import { useSelectionCookie } from "./selection";

/** Shown only to people who belong to more than one business. */
export function BusinessSwitcher() {
  const { memberships, businessId, businessName } = usePortal();
  const t = useTranslations("common.shell");
  const select = useSelectionCookie("hubi_business");
  if (memberships.length < 2) return <p className="truncate text-sm font-semibold text-slate-900">{businessName}</p>;
  return (
    <label className="block">
      <span className="sr-only">{t("business")}</span>
      <select
        value={businessId}
        onChange={(e) => select(e.target.value)}
        className="w-full rounded-md border-0 bg-white py-1.5 pl-2 pr-8 text-sm font-semibold text-slate-900 ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-blue-800"
      >
        {memberships.map((m) => (
          <option key={m.businessId} value={m.businessId}>
            {m.businessName}
          </option>
        ))}
      </select>
    </label>
  );
}
