"use client";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSubmission } from "@/trpc/use-submission";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";
import { useValidate } from "@/components/i18n/use-validate";
import { liveAccessApplicationSchema, type LiveAccessApplicationForm } from "@/contracts/live-access";

type FieldName = keyof LiveAccessApplicationForm;

const FIELDS: { name: FieldName; label: string; type?: string; multiline?: boolean; hint?: string; autoComplete?: string }[] = [
  { name: "legalName", label: "Legal name", autoComplete: "organization" },
  { name: "registrationNumber", label: "Registration number" },
  { name: "country", label: "Country of registration", autoComplete: "country-name" },
  { name: "address", label: "Registered address", multiline: true, autoComplete: "street-address" },
  { name: "contactName", label: "Contact person", autoComplete: "name" },
  { name: "contactEmail", label: "Contact email", type: "email", autoComplete: "email" },
  { name: "intendedUse", label: "Intended use", multiline: true, hint: "Why and when you verify identities, e.g. customer onboarding for mobile-money accounts." },
  { name: "expectedMonthlyVolume", label: "Expected verifications per month", type: "number" },
];

/** The form's text values, starting from a previous application when there is one. */
const initialValues = (previous?: LiveAccessApplicationForm | null) =>
  Object.fromEntries(FIELDS.map((f) => [f.name, previous ? String(previous[f.name] ?? "") : ""])) as Record<FieldName, string>;

/** The owner's application. Validated with the service's own schema before it is sent. */
export function ApplicationForm({ previous }: { previous: LiveAccessApplicationForm | null }) {
  const trpc = useTRPC();
  const validate = useValidate();
  const queryClient = useQueryClient();
  const [values, setValues] = useState(() => initialValues(previous));
  const [errors, setErrors] = useState<Partial<Record<string, string>>>({});
  const apply = useSubmission(
    trpc.liveAccess.submitApplication.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.liveAccess.status.queryKey() }),
      onError: (error) => setErrors(fieldErrorsOf(error)),
    }),
  );

  const submit = () => {
    const { data, errors: found } = validate(liveAccessApplicationSchema, values);
    setErrors(found);
    if (data) apply.submit(data);
  };

  // Field problems show beside their inputs; anything else (e.g. a pending application) here.
  const formError = apply.error && Object.keys(fieldErrorsOf(apply.error)).length === 0 ? apply.error.message : null;
  return (
    <form
      aria-label="Live access application"
      noValidate
      className="grid grid-cols-1 gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 md:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="font-semibold md:col-span-2">{previous ? "Correct and apply again" : "Apply for live access"}</h2>
      {FIELDS.map((f) => {
        const id = `live-access-${f.name}`;
        const error = errors[f.name];
        const describedBy = [f.hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
        const common = {
          id,
          name: f.name,
          value: values[f.name],
          autoComplete: f.autoComplete,
          "aria-invalid": error ? true : undefined,
          "aria-describedby": describedBy,
          className: `mt-1 w-full rounded-md border px-3 py-2 text-sm ${error ? "border-red-400" : "border-slate-300"}`,
          onChange: (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => setValues((v) => ({ ...v, [f.name]: e.target.value })),
        };
        return (
          <div key={f.name} className={f.multiline ? "md:col-span-2" : undefined}>
            <label htmlFor={id} className="block text-sm font-medium text-slate-700">
              {f.label}
            </label>
            {f.multiline ? <textarea rows={3} {...common} /> : <input type={f.type ?? "text"} {...common} />}
            {f.hint && (
              <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
                {f.hint}
              </p>
            )}
            {error && (
              <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
                {error}
              </p>
            )}
          </div>
        );
      })}
      <div className="flex items-center gap-3 md:col-span-2">
        <Button type="submit" busy={apply.isPending}>
          Submit application
        </Button>
        {formError && (
          <p role="alert" className="text-sm text-red-700">
            {formError}
          </p>
        )}
      </div>
    </form>
  );
}
