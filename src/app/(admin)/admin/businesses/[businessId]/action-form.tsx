"use client";
/** The frame shared by the business page's admin actions: title, fields, button, outcome. */
import { useId } from "react";

export const inputClass = "mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm";

/** A label tied to its control by id (wrapping a select would fold the options into its name). */
export function Field({ label, children }: { label: string; children: (id: string) => React.ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      {children(id)}
    </div>
  );
}

export function ActionForm({
  title,
  description,
  submitLabel,
  tone = "primary",
  pending,
  error,
  success,
  onSubmit,
  children,
}: {
  title: string;
  description: string;
  submitLabel: string;
  tone?: "primary" | "danger";
  pending: boolean;
  error: { message: string } | null;
  success: string | null;
  onSubmit: () => void;
  children?: React.ReactNode;
}) {
  const button = tone === "danger" ? "bg-red-700 hover:bg-red-600" : "bg-blue-800 hover:bg-blue-900";
  return (
    <form
      aria-label={title}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
    >
      <div>
        <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
        <p className="mt-0.5 text-xs text-slate-600">{description}</p>
      </div>
      {children}
      <div className="flex items-center gap-3">
        <button type="submit" disabled={pending} className={`rounded-md px-3 py-1.5 text-sm font-medium text-white disabled:opacity-50 ${button}`}>
          {pending ? "Saving…" : submitLabel}
        </button>
        {error ? (
          <p role="alert" className="text-sm text-red-700">{error.message}</p>
        ) : success ? (
          <p role="status" className="text-sm text-emerald-700">{success}</p>
        ) : null}
      </div>
    </form>
  );
}
