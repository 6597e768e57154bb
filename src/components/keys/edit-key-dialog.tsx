"use client";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { splitAllowlistText } from "@/contracts/ip-allowlist";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";
import { AllowlistField, allowlistError } from "./allowlist-field";

export type EditableKey = { id: string; name: string; hint: string; allowedIps: string[] };

/** Renames a key or changes where it may be used from; the key itself stays the same. */
export function EditKeyDialog({ apiKey, onClose }: { apiKey: EditableKey | null; onClose: () => void }) {
  const t = useTranslations("keys.editDialog");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const update = useMutation(
    trpc.keys.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
        close();
      },
    }),
  );
  const errors = fieldErrorsOf(update.error);

  function close() {
    update.reset();
    onClose();
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!apiKey || update.isPending) return;
    const form = new FormData(event.currentTarget);
    update.mutate({
      keyId: apiKey.id,
      name: String(form.get("name") ?? ""),
      allowedIps: splitAllowlistText(String(form.get("allowedIps") ?? "")),
    });
  }

  return (
    <Dialog open={apiKey !== null} onClose={close} title={t("title")}>
      {apiKey && (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <p className="text-sm text-slate-700">
            {t.rich("intro", { hint: apiKey.hint, code: (chunks) => <code>{chunks}</code> })}
          </p>
          {update.error && !Object.keys(errors).length && <ErrorState error={update.error} />}
          <TextField label={t("name")} name="name" defaultValue={apiKey.name} error={errors.name} required />
          <AllowlistField defaultValue={apiKey.allowedIps} error={allowlistError(errors)} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t("cancel")}
            </Button>
            <Button type="submit" busy={update.isPending}>
              {t("submit")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
