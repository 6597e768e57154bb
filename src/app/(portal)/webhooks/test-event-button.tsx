"use client";
import { useSubmission } from "@/trpc/use-submission";
import { useTRPC } from "@/trpc/client";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";
import { AttemptSummary } from "./attempt-summary";

export function TestEventButton({ disabled }: { disabled: boolean }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const send = useSubmission(trpc.webhooks.sendTest.mutationOptions({ onSettled: invalidate }));
  const attempt = send.data?.attempts[0];
  return (
    <div className="mt-4 text-sm">
      <button className="rounded-md bg-slate-900 px-4 py-2 text-white disabled:opacity-50" disabled={disabled || send.isPending} onClick={() => send.submit({})}>
        {send.isPending ? "Sending…" : "Send test event"}
      </button>
      {send.error && <p role="alert" className="mt-2 text-red-700">{send.error.message}</p>}
      {send.data && (
        <div data-testid="test-event-result" className="mt-3 rounded-md border border-slate-200 p-3">
          {attempt ? <AttemptSummary attempt={attempt} /> : <p>Queued; a worker will deliver it shortly.</p>}
        </div>
      )}
    </div>
  );
}
