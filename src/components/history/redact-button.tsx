"use client";
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { DangerAction } from "@/components/ui/danger-zone";
import { Dialog } from "@/components/ui/dialog";
import { ErrorState } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";

/** An owner's redaction of one verification (in the page's danger zone), after saying plainly what goes and what stays. */
export function RedactButton({ id, reference }: { id: string; reference: string }) {
  const t = useTranslations("history.redact");
  const trpc = useTRPC();
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const redact = useMutation(
    trpc.verifications.redact.mutationOptions({
      onSuccess: () => {
        setOpen(false);
        router.refresh();
      },
    }),
  );
  return (
    <DangerAction title={t("heading")} description={t("summary")}>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          {t("button")}
        </Button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title={t("title")}>
        <div className="space-y-4 text-sm text-slate-700">
          <p>{t.rich("body", { reference, strong: (c) => <strong>{c}</strong>, code: (c) => <code>{c}</code> })}</p>
          {redact.error && <ErrorState error={redact.error} />}
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button variant="dangerSolid" busy={redact.isPending} onClick={() => redact.mutate({ id })}>
              {t("submit")}
            </Button>
          </div>
        </div>
      </Dialog>
    </DangerAction>
  );
}
