"use client";
import type { Mode } from "@/generated/prisma/enums";
import { useTranslations } from "next-intl";
import { cn } from "@/components/ui/cn";
import { useHydrated } from "@/components/ui/use-hydrated";
import { useSelectionCookie } from "./selection";

/** Test/live toggle shown on every page; the choice applies to everything the portal shows. */
export function ModeSwitch({ mode }: { mode: Mode }) {
  const t = useTranslations("common.mode");
  const select = useSelectionCookie("hubi_mode");
  const live = mode === "live";
  // Disabled until hydrated, as buttons are (use-hydrated.ts).
  const hydrated = useHydrated();
  return (
    <button
      type="button"
      role="switch"
      aria-checked={live}
      disabled={!hydrated}
      onClick={() => select(live ? "test" : "live")}
      className="flex items-center gap-2 rounded-md px-2 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-blue-800"
    >
      <span className={cn("relative h-5 w-9 rounded-full transition-colors", live ? "bg-emerald-600" : "bg-amber-500")} aria-hidden>
        <span className={cn("absolute top-0.5 size-4 rounded-full bg-white shadow transition-all", live ? "left-4.5" : "left-0.5")} />
      </span>
      <span className="whitespace-nowrap">{t("liveSwitch")}</span>
    </button>
  );
}
