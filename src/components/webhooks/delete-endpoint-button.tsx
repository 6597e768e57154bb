"use client";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { useSubmission } from "@/trpc/use-submission";
import { Button } from "@/components/ui/button";
import { useConfirmations } from "@/components/ui/confirm-dialog";
import { DangerAction } from "@/components/ui/danger-zone";
import { ErrorText } from "@/components/ui/states";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";

/** Removes the endpoint after a confirmation (in the page's danger zone); the events stay in the Events API for 30 days. */
export function DeleteEndpointButton({ mode }: { mode: "test" | "live" }) {
  const t = useTranslations("webhooks.delete");
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const { ask, dialog } = useConfirmations();
  const remove = useSubmission(trpc.webhooks.deleteEndpoint.mutationOptions({ onSuccess: invalidate }));
  const confirm = () =>
    ask(
      [
        {
          title: t("title", { mode }),
          message: t("message"),
          confirmLabel: t("confirm"),
          destructive: true,
        },
      ],
      () => remove.submit({}),
    );
  return (
    <DangerAction title={t("heading")} description={t("message")}>
      {dialog}
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="danger" busy={remove.isPending} onClick={confirm}>
          {t("button")}
        </Button>
        {remove.error && <ErrorText error={remove.error} />}
      </div>
    </DangerAction>
  );
}
