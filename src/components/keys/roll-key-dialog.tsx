"use client";
import { useQueryClient } from "@tanstack/react-query";
import { useSubmission } from "@/trpc/use-submission";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { ErrorState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { NewKeyNotice } from "./new-key-notice";

export function RollKeyDialog({ apiKey, onClose }: { apiKey: { id: string; name: string; hint: string } | null; onClose: () => void }) {
  const t = useTranslations("keys.rollDialog");
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [oldKeyExpires, setOldKeyExpires] = useState<"now" | "in_24h">("in_24h");
  const roll = useSubmission(
    trpc.keys.roll.mutationOptions({ onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.keys.list.queryKey() }) }),
  );
  function close() {
    roll.reset();
    onClose();
  }
  return (
    <Dialog open={apiKey !== null} onClose={close} title={roll.data ? t("doneTitle") : t("title")}>
      {apiKey && roll.data && (
        <div className="space-y-4">
          <NewKeyNotice apiKey={roll.data.key} />
          <div className="flex justify-end">
            <Button onClick={close}>{t("done")}</Button>
          </div>
        </div>
      )}
      {apiKey && !roll.data && (
        <div className="space-y-4">
          <p className="text-sm text-slate-700">
            {t.rich("body", { name: apiKey.name, hint: apiKey.hint, strong: (c) => <strong>{c}</strong>, code: (c) => <code>{c}</code> })}
          </p>
          <fieldset className="space-y-2 text-sm">
            <legend className="sr-only">{t("legend")}</legend>
            {(
              [
                ["in_24h", t("in24h")],
                ["now", t("now")],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex items-center gap-2">
                <input type="radio" name="oldKeyExpires" value={value} checked={oldKeyExpires === value} onChange={() => setOldKeyExpires(value)} />
                {label}
              </label>
            ))}
          </fieldset>
          {roll.error && <ErrorState error={roll.error} />}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={close}>
              {t("cancel")}
            </Button>
            <Button busy={roll.isPending} onClick={() => roll.submit({ keyId: apiKey.id, oldKeyExpires })}>
              {t("submit")}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}
