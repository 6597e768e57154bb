"use client";
import { useTranslations } from "next-intl";
import { usePortal } from "./portal-context";
import { useSelectionCookie } from "./selection";
import { Select } from "@/components/ui/select";

/** Shown only to people who belong to more than one business. */
export function BusinessSwitcher() {
  const { memberships, businessId, businessName } = usePortal();
  const t = useTranslations("common.shell");
  const select = useSelectionCookie("hubi_business");
  if (memberships.length < 2) return <p className="truncate text-sm font-semibold text-slate-900">{businessName}</p>;
  return (
    <label className="block">
      <span className="sr-only">{t("business")}</span>
      <Select
        value={businessId}
        onChange={(e) => select(e.target.value)}
        className="py-1.5 font-semibold"
      >
        {memberships.map((m) => (
          <option key={m.businessId} value={m.businessId}>
            {m.businessName}
          </option>
        ))}
      </Select>
    </label>
  );
}
