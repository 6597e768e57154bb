import { useId } from "react";
import { cn } from "./cn";
import { Select } from "./select";

const CONTROL =
  "block w-full rounded-md border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 " +
  "placeholder:text-slate-500 focus:ring-2 focus:ring-inset focus:ring-blue-800 aria-[invalid=true]:ring-red-600";

type FieldProps = { label: string; error?: string; hint?: string; className?: string };

/** A labelled control with its hint and error wired up for screen readers. */
function Field({ label, error, hint, className, render }: FieldProps & { render: (a11y: Record<string, string | boolean | undefined>) => React.ReactNode }) {
  const id = useId();
  const describedBy = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="mt-1">{render({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy })}</div>
      {hint && !error && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}

export function TextField({ label, error, hint, className, ...input }: FieldProps & React.InputHTMLAttributes<HTMLInputElement>) {
  return <Field label={label} error={error} hint={hint} className={className} render={(a11y) => <input className={CONTROL} {...input} {...a11y} />} />;
}

export function SelectField({ label, error, hint, className, children, ...select }: FieldProps & React.SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Field
      label={label}
      error={error}
      hint={hint}
      className={className}
      render={(a11y) => (
        <Select {...select} {...a11y}>
          {children}
        </Select>
      )}
    />
  );
}

export function TextAreaField({ label, error, hint, className, ...textarea }: FieldProps & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Field label={label} error={error} hint={hint} className={className} render={(a11y) => <textarea className={cn(CONTROL, "font-mono")} {...textarea} {...a11y} />} />
  );
}
