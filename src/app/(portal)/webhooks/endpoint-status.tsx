"use client";
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { formatDateTime } from "@/components/format";
import { Button } from "@/components/ui/button";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";

type Endpoint = { enabled: boolean; disabledReason: string | null; disabledAt: Date | null; lastSuccessAt: Date | null; failingSince: Date | null };

export function EndpointStatus({ endpoint, canEdit }: { endpoint: Endpoint; canEdit: boolean }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const enable = useMutation(trpc.webhooks.enable.mutationOptions({ onSuccess: invalidate }));
  if (!endpoint.enabled) {
    return (
      <div role="status" className="mt-4 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
        <p>
          This endpoint is disabled: {endpoint.disabledReason}
          {endpoint.disabledAt && ` (${formatDateTime(endpoint.disabledAt)})`}. No events are sent to it.
        </p>
        {canEdit && (
          <Button variant="danger" className="mt-2" busy={enable.isPending} onClick={() => enable.mutate()}>
            Re-enable endpoint
          </Button>
        )}
      </div>
    );
  }
  return (
    <p className="mt-4 text-sm text-slate-600">
      Enabled. Last successful delivery: {endpoint.lastSuccessAt ? formatDateTime(endpoint.lastSuccessAt) : "none yet"}
      {endpoint.failingSince && <span className="text-amber-700"> · failing since {formatDateTime(endpoint.failingSince)}</span>}
    </p>
  );
}
