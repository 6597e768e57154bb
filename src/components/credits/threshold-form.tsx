"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/field";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";

export function ThresholdForm({ current }: { current: number }) {
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
        label="Low-credit alert threshold"
        name="threshold"
        type="number"
        min={0}
        step={1}
        defaultValue={current}
        hint="A credits_low webhook fires when the balance drops below this number."
        error={errors.threshold ?? (save.error && !Object.keys(errors).length ? save.error.message : undefined)}
      />
      <div className="flex items-center gap-3">
        <Button type="submit" busy={save.isPending}>
          Save threshold
        </Button>
        {save.isSuccess && (
          <span role="status" className="text-sm font-medium text-emerald-700">
            Saved
          </span>
        )}
      </div>
    </form>
  );
}
