"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useSubmission } from "@/trpc/use-submission";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { SelectField, TextField } from "@/components/ui/field";
import { ErrorState } from "@/components/ui/states";
import { usePortal } from "@/components/portal/portal-context";
import { useTRPC } from "@/trpc/client";
import { fieldErrorsOf } from "@/trpc/errors";
import { NewKeyNotice } from "./new-key-notice";
import { API_KEY_SCOPES, type ApiKeyScope } from "@/contracts/api-key-scopes";
import { splitAllowlistText } from "@/contracts/ip-allowlist";
import { AllowlistField, allowlistError } from "./allowlist-field";

const EXPIRY_DAYS = [30, 90, 365] as const;

export function CreateKeyDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("keys");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { mode } = usePortal();
  const [created, setCreated] = useState<string | null>(null);
  const create = useSubmission(
    trpc.keys.create.mutationOptions({
      onSuccess: (key) => {
        setCreated(key.key);
        return queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() });
      },
    }),
  );
  const errors = fieldErrorsOf(create.error);

  function close() {
    setCreated(null);
    create.reset();
    onClose();
  }

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const expiry = String(form.get("expiresInDays") ?? "");
    create.submit({
      name: String(form.get("name") ?? ""),
      expiresInDays: expiry ? (Number(expiry) as 30 | 90 | 365) : null,
      scope: String(form.get("scope") ?? "full") as ApiKeyScope,
      allowedIps: splitAllowlistText(String(form.get("allowedIps") ?? "")),
    });
  }

  return (
    <Dialog open={open} onClose={close} title={created ? t("createDialog.createdTitle") : t("createDialog.title", { mode })}>
      {created ? (
        <div className="space-y-4">
          <NewKeyNotice apiKey={created} />
          <div className="flex justify-end">
            <Button onClick={close}>{t("createDialog.done")}</Button>
          </div>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          {create.error && !Object.keys(errors).length && <ErrorState error={create.error} />}
          <TextField label={t("createDialog.name")} name="name" defaultValue="" placeholder={t("createDialog.namePlaceholder")} error={errors.name} required autoFocus />
          <SelectField label={t("createDialog.access")} name="scope" defaultValue="full" error={errors.scope}>
            {(Object.keys(API_KEY_SCOPES) as ApiKeyScope[]).map((scope) => (
              <option key={scope} value={scope}>
                {t(`scopes.${scope}.name`)}: {t(`scopes.${scope}.can`)}
              </option>
            ))}
          </SelectField>
          <SelectField label={t("createDialog.expires")} name="expiresInDays" defaultValue="" error={errors.expiresInDays}>
            <option value="">{t("createDialog.expiry.never")}</option>
            {EXPIRY_DAYS.map((days) => (
              <option key={days} value={days}>
                {t("createDialog.expiry.days", { days })}
              </option>
            ))}
          </SelectField>
          <AllowlistField defaultValue={[]} error={allowlistError(errors)} />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t("createDialog.cancel")}
            </Button>
            <Button type="submit" busy={create.isPending}>
              {t("createDialog.submit")}
            </Button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
