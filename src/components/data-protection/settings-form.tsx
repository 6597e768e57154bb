"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { RETENTION_YEARS, type RetentionYears } from "@/contracts/data-protection";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";

type Settings = { requireLiveConsent: boolean; retentionYears: number; requireTwoFactor: boolean };

/** The owner's form; everyone else sees the same settings read-only. */
export function DataProtectionSettingsForm({ current, editable }: { current: Settings; editable: boolean }) {
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
      retentionYears: Number(form.get("retentionYears")) as RetentionYears,
    });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <SettingCheckbox
        name="requireLiveConsent"
        checked={current.requireLiveConsent}
        disabled={!editable}
        title="Require consent for live verifications"
        explanation={
          <>
            A live verification without <code>consent</code> (when and how your customer agreed) is refused with 400 and costs nothing.
          </>
        }
      />
      <SettingCheckbox
        name="requireTwoFactor"
        checked={current.requireTwoFactor}
        disabled={!editable}
        title="Require two-factor sign-in for every member"
        explanation="Members without it must turn it on in their account before they can use the portal."
      />
      <SelectField
        label="Keep verification history for"
        name="retentionYears"
        defaultValue={String(current.retentionYears)}
        disabled={!editable}
        hint="Older verifications are redacted every day: the reference, result and date stay; the purpose, consent reference and every trace of the national ID go."
        error={errors.retentionYears}
      >
        {RETENTION_YEARS.map((years) => (
          <option key={years} value={years}>
            {years} {years === 1 ? "year" : "years"}
          </option>
        ))}
      </SelectField>
      {editable ? (
        <div className="flex items-center gap-3">
          <Button type="submit" busy={save.isPending}>
            Save settings
          </Button>
          {save.isSuccess && (
            <span role="status" className="text-sm font-medium text-emerald-700">
              Saved
            </span>
          )}
          {save.error && !Object.keys(errors).length && <span className="text-sm text-red-700">{save.error.message}</span>}
        </div>
      ) : (
        <p className="text-sm text-slate-500">Only an owner can change these settings.</p>
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
