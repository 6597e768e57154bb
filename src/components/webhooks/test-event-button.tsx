"use client";
import { useTranslations } from "next-intl";
import { useSubmission } from "@/trpc/use-submission";
import { ErrorText } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { Button } from "@/components/ui/button";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";
import { AttemptSummary } from "./attempt-summary";

export function TestEventButton({ disabled }: { disabled: boolean }) {
  const t = useTranslations("webhooks.test");
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const send = useSubmission(trpc.webhooks.sendTest.mutationOptions({ onSettled: invalidate }));
  const attempt = send.data?.attempts[0];
  return (
    <div className="mt-4 text-sm">
      <Button disabled={disabled} busy={send.isPending} onClick={() => send.submit({})}>
        {t("send")}
      </Button>
      {send.error && <ErrorText error={send.error} className="mt-2 text-red-700" />}
      {send.data && (
        <div data-testid="test-event-result" className="mt-3 rounded-md border border-slate-200 p-3">
          {attempt ? <AttemptSummary attempt={attempt} /> : <p>{t("queued")}</p>}
        </div>
      )}
    </div>
  );
}
