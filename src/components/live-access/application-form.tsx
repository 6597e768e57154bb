"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useSubmission } from "@/trpc/use-submission";
import { Button } from "@/components/ui/button";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";
import { useValidate } from "@/components/i18n/use-validate";
import { useErrorMessage } from "@/components/i18n/error-message";
import { liveAccessApplicationSchema, type LiveAccessApplicationForm } from "@/contracts/live-access";

type FieldName = keyof LiveAccessApplicationForm;

// Labels and the hint are in the message files (live-access.form.fields.<name>).
const FIELDS: { name: FieldName; type?: string; multiline?: boolean; hint?: boolean; autoComplete?: string }[] = [
  { name: "legalName", autoComplete: "organization" },
  { name: "registrationNumber" },
  { name: "country", autoComplete: "country-name" },
  { name: "address", multiline: true, autoComplete: "street-address" },
  { name: "contactName", autoComplete: "name" },
  { name: "contactEmail", type: "email", autoComplete: "email" },
  { name: "intendedUse", multiline: true, hint: true },
  { name: "expectedMonthlyVolume", type: "number" },
];

/** The form's text values, starting from a previous application when there is one. */
const initialValues = (previous?: LiveAccessApplicationForm | null) =>
  Object.fromEntries(FIELDS.map((f) => [f.name, previous ? String(previous[f.name] ?? "") : ""])) as Record<FieldName, string>;

/** The owner's application. Validated with the service's own schema before it is sent. */
export function ApplicationForm({ previous }: { previous: LiveAccessApplicationForm | null }) {
  const t = useTranslations("live-access.form");
  const errorMessage = useErrorMessage();
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
  const formError = apply.error && Object.keys(fieldErrorsOf(apply.error)).length === 0 ? errorMessage(apply.error) : null;
  return (
    <form
      aria-label={t("label")}
      noValidate
      className="grid grid-cols-1 gap-4 rounded-lg bg-white p-6 shadow-sm ring-1 ring-slate-200 md:grid-cols-2"
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <h2 className="font-semibold md:col-span-2">{previous ? t("applyAgain") : t("apply")}</h2>
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
              {t(`fields.${f.name}`)}
            </label>
            {f.multiline ? <textarea rows={3} {...common} /> : <input type={f.type ?? "text"} {...common} />}
            {f.hint && (
              <p id={`${id}-hint`} className="mt-1 text-xs text-slate-500">
                {t("intendedUseHint")}
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
          {t("submit")}
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
