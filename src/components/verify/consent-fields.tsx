"use client";
import { useTranslations } from "next-intl";
import { SelectField, TextField } from "@/components/ui/field";
import { CONSENT_METHODS, CONSENT_REFERENCE_MAX_LENGTH, type ConsentRequest } from "@/contracts/verifications";

/** The consent the form's fields describe, or undefined when no method was chosen. */
export function consentFromForm(form: FormData): Record<keyof ConsentRequest, string> | undefined {
  const text = (name: string) => String(form.get(name) ?? "").trim();
  const method = text("consentMethod");
  if (!method) return undefined;
  const local = text("consentObtainedAt");
  // datetime-local has no zone: it is the user's own clock.
  const obtainedAt = local && !Number.isNaN(Date.parse(local)) ? new Date(local).toISOString() : local;
  const reference = text("consentReference");
  return { method, obtainedAt, ...(reference ? { reference } : {}) } as Record<keyof ConsentRequest, string>;
}

function localNow(): string {
  const now = new Date();
  return new Date(now.getTime() - now.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

export function ConsentFields({ required, errors }: { required: boolean; errors: Record<string, string> }) {
  const t = useTranslations("verify.consent");
  return (
    <fieldset className="space-y-3 rounded-md border border-slate-200 p-3">
      <legend className="px-1 text-sm font-medium text-slate-700">
        {t("legend", { required: String(required) })}
      </legend>
      <SelectField label={t("method")} name="consentMethod" defaultValue="" error={errors["consent.method"] ?? errors.consent}>
        <option value="">{required ? t("choose") : t("notRecorded")}</option>
        {CONSENT_METHODS.map((method) => (
          <option key={method} value={method}>
            {t(`methods.${method}`)}
          </option>
        ))}
      </SelectField>
      <TextField label={t("obtainedAt")} name="consentObtainedAt" type="datetime-local" defaultValue={localNow()} error={errors["consent.obtainedAt"]} />
      <TextField
        label={t("reference")}
        name="consentReference"
        maxLength={CONSENT_REFERENCE_MAX_LENGTH}
        placeholder={t("referencePlaceholder")}
        hint={t("referenceHint")}
        error={errors["consent.reference"]}
      />
    </fieldset>
  );
}
