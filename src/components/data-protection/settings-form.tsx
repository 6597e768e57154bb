"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { RETENTION_YEARS, type RetentionYears } from "@/contracts/data-protection";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";
import { ErrorText } from "@/components/ui/states";

type Settings = { requireLiveConsent: boolean; retentionYears: number; requireTwoFactor: boolean; answerPendingWith202: boolean };

/** The owner's form; everyone else sees the same settings read-only. */
export function DataProtectionSettingsForm({ current, editable }: { current: Settings; editable: boolean }) {
  const t = useTranslations("data-protection.form");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.business.updateDataProtection.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.business.summary.queryKey() }),
    }),
  );
  const errors = fieldErrorsOf(save.error);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (save.isPending) return;
    const form = new FormData(event.currentTarget);
    save.mutate({
      requireLiveConsent: form.get("requireLiveConsent") === "on",
      requireTwoFactor: form.get("requireTwoFactor") === "on",
      answerPendingWith202: form.get("answerPendingWith202") === "on",
      retentionYears: Number(form.get("retentionYears")) as RetentionYears,
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <SettingCheckbox
        name="requireLiveConsent"
        checked={current.requireLiveConsent}
        disabled={!editable}
        title={t("consentTitle")}
        explanation={t.rich("consentExplanation", { code: (c) => <code>{c}</code> })}
      />
      <SettingCheckbox
        name="requireTwoFactor"
        checked={current.requireTwoFactor}
        disabled={!editable}
        title={t("twoFactorTitle")}
        explanation={t("twoFactorExplanation")}
      />
      <SettingCheckbox
        name="answerPendingWith202"
        checked={current.answerPendingWith202}
        disabled={!editable}
        title={t("pendingTitle")}
        explanation={t.rich("pendingExplanation", { code: (c) => <code>{c}</code> })}
      />
      <SelectField
        label={t("retention")}
        name="retentionYears"
        defaultValue={String(current.retentionYears)}
        disabled={!editable}
        hint={t("retentionHint")}
        error={errors.retentionYears}
      >
        {RETENTION_YEARS.map((years) => (
          <option key={years} value={years}>
            {t("years", { years })}
          </option>
        ))}
      </SelectField>
      {editable ? (
        <div className="flex items-center gap-3">
          <Button type="submit" busy={save.isPending}>
            {t("save")}
          </Button>
          {save.isSuccess && (
            <span role="status" className="text-sm font-medium text-emerald-700">
              {t("saved")}
            </span>
          )}
          {save.error && !Object.keys(errors).length && <ErrorText error={save.error} />}
        </div>
      ) : (
        <p className="text-sm text-slate-500">{t("ownersOnly")}</p>
      )}
    </form>
  );
}

function SettingCheckbox(props: { name: string; checked: boolean; disabled: boolean; title: string; explanation: React.ReactNode }) {
  return (
    <label className="flex items-start gap-3 text-sm">
      <input type="checkbox" name={props.name} defaultChecked={props.checked} disabled={props.disabled} className="mt-0.5 h-4 w-4 rounded border-slate-300" />
      <span>
        <span className="block font-medium text-slate-900">{props.title}</span>
        <span className="block text-slate-600">{props.explanation}</span>
      </span>
    </label>
  );
}
