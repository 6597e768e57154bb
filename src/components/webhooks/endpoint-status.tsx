"use client";
import { useTranslations } from "next-intl";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { useFormat } from "@/components/i18n/format";
import { Button } from "@/components/ui/button";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";

type Endpoint = { enabled: boolean; disabledReason: string | null; disabledAt: Date | null; lastSuccessAt: Date | null; failingSince: Date | null };

export function EndpointStatus({ endpoint, canEdit }: { endpoint: Endpoint; canEdit: boolean }) {
  const t = useTranslations("webhooks.status");
  const format = useFormat();
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const enable = useMutation(trpc.webhooks.enable.mutationOptions({ onSuccess: invalidate }));
  if (!endpoint.enabled) {
    return (
      <div role="status" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        <p>
          {endpoint.disabledAt
            ? t("disabledAt", { reason: endpoint.disabledReason ?? "", time: format.dateTime(endpoint.disabledAt) })
            : t("disabled", { reason: endpoint.disabledReason ?? "" })}
        </p>
        {canEdit && (
          <Button variant="secondary" className="mt-2" busy={enable.isPending} onClick={() => enable.mutate()}>
            {t("enable")}
          </Button>
        )}
      </div>
    );
  }
  return (
    <p className="mt-4 text-sm text-slate-600">
      {t("enabled", { time: endpoint.lastSuccessAt ? format.dateTime(endpoint.lastSuccessAt) : t("noneYet") })}
      {endpoint.failingSince && <span className="text-amber-700"> · {t("failingSince", { time: format.dateTime(endpoint.failingSince) })}</span>}
    </p>
  );
}
