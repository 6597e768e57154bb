"use client";
import { useTranslations } from "next-intl";
import { useErrorMessage } from "@/components/i18n/error-message";

/** The loading, empty and error states every data view shows. */
export function Loading({ label }: { label?: string }) {
  const t = useTranslations("common.states");
  return (
    <div role="status" className="flex items-center gap-2 px-5 py-8 text-sm text-slate-500">
      <span className="size-4 animate-spin rounded-full border-2 border-slate-300 border-r-transparent" aria-hidden />
      {label ?? t("loading")}…
    </div>
  );
}

export function Empty({ title, children }: { title: string; children?: React.ReactNode }) {
  return (
    <div className="px-5 py-10 text-center">
      <p className="text-sm font-medium text-slate-800">{title}</p>
      {children && <div className="mt-1 text-sm text-slate-500">{children}</div>}
    </div>
  );
}

/** A failed request, in the reader's language (see useErrorMessage). */
export function ErrorState({ error }: { error: unknown }) {
  const message = useErrorMessage();
  return (
    <div role="alert" className="m-5 rounded-md bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
      {message(error)}
    </div>
  );
}

/** A failed action's message in a line of its own, beside the control that caused it. */
export function ErrorText({ error, className = "text-sm text-red-700" }: { error: unknown; className?: string }) {
  const message = useErrorMessage();
  return (
    <p role="alert" className={className}>
      {message(error)}
    </p>
  );
}

export function Notice({ tone = "info", children }: { tone?: "info" | "warning" | "success"; children: React.ReactNode }) {
  const tones = {
    info: "bg-blue-50 text-blue-900 ring-blue-200",
    warning: "bg-amber-50 text-amber-900 ring-amber-200",
    success: "bg-emerald-50 text-emerald-900 ring-emerald-200",
  };
  return <div className={`rounded-md px-4 py-3 text-sm ring-1 ${tones[tone]}`}>{children}</div>;
}
