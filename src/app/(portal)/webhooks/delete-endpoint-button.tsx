"use client";
import { useTRPC } from "@/trpc/client";
import { useSubmission } from "@/trpc/use-submission";
import { Button } from "@/components/ui/button";
import { useConfirmations } from "@/components/ui/confirm-dialog";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";

/** Removes the endpoint after a confirmation; the events stay in the Events API for 30 days. */
export function DeleteEndpointButton({ mode }: { mode: "test" | "live" }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const { ask, dialog } = useConfirmations();
  const remove = useSubmission(trpc.webhooks.deleteEndpoint.mutationOptions({ onSuccess: invalidate }));
  const confirm = () =>
    ask(
      [
        {
          title: `Delete the ${mode} endpoint?`,
          message: "Its deliveries and their attempts are deleted and no more events are sent. Events stay available in the Events API for 30 days.",
          confirmLabel: "Delete endpoint",
        },
      ],
      () => remove.submit({}),
    );
  return (
    <div className="mt-5 flex items-center gap-3 border-t border-slate-200 pt-4">
      {dialog}
      <Button variant="danger" busy={remove.isPending} onClick={confirm}>
        Delete endpoint
      </Button>
      {remove.error && <p role="alert" className="text-sm text-red-700">{remove.error.message}</p>}
    </div>
  );
}
