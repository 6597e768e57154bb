import { useTranslations } from "next-intl";
import { useId } from "react";
import { cn } from "./cn";

/**
 * Where a page's destructive actions live: at its foot, apart from its everyday actions, under one
 * heading, each an outlined button that asks before it acts. A table row's destructive action goes
 * in the row's menu instead (row-menu.tsx).
 */
export function DangerZone({ className, children }: { className?: string; children: React.ReactNode }) {
  const t = useTranslations("common");
  const heading = useId();
  return (
    <section aria-labelledby={heading} className={cn("rounded-lg bg-white shadow-sm ring-1 ring-red-200 print:hidden", className)}>
      <h2 id={heading} className="border-b border-red-200 px-5 py-3 text-base font-semibold text-red-800">
        {t("dangerZone")}
      </h2>
      <div className="divide-y divide-red-100">{children}</div>
    </section>
  );
}

/** One destructive action in a danger zone: what it does, then its fields and its button. */
export function DangerAction({ title, description, children }: { title: string; description: React.ReactNode; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-3 px-5 py-4">
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <p className="mt-0.5 max-w-prose text-sm text-slate-600">{description}</p>
      </div>
      {children}
    </div>
  );
}
