"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";
import { useErrorMessage } from "@/components/i18n/error-message";

export function ThresholdForm({ current }: { current: number }) {
  const t = useTranslations("credits.threshold");
  const errorMessage = useErrorMessage();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const save = useMutation(
    trpc.credits.setLowCreditThreshold.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.business.summary.queryKey() }),
    }),
  );
  const errors = fieldErrorsOf(save.error);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const raw = String(new FormData(event.currentTarget).get("threshold") ?? "");
    save.mutate({ threshold: raw.trim() === "" ? Number.NaN : Number(raw) });
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <TextField
        label={t("label")}
        name="threshold"
        type="number"
        min={0}
        step={1}
        defaultValue={current}
        hint={t("hint")}
        error={errors.threshold ?? (save.error && !Object.keys(errors).length ? errorMessage(save.error) : undefined)}
      />
      <div className="flex items-center gap-3">
        <Button type="submit" busy={save.isPending}>
          {t("save")}
        </Button>
        {save.isSuccess && (
          <span role="status" className="text-sm font-medium text-emerald-700">
            {t("saved")}
          </span>
        )}
      </div>
    </form>
  );
}
