"use client";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useSubmission } from "@/trpc/use-submission";
import { useTRPC } from "@/trpc/client";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";
import { AttemptSummary } from "./attempt-summary";

const STATUS_STYLE = { pending: "text-amber-700", succeeded: "text-green-700", failed: "text-red-700" } as const;

export function DeliveriesTable({ canEdit }: { canEdit: boolean }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const [open, setOpen] = useState<string | null>(null);
  const deliveries = useQuery({ ...trpc.webhooks.deliveries.queryOptions({ limit: 50 }), refetchInterval: 5_000 });
  const resend = useSubmission(trpc.webhooks.resend.mutationOptions({ onSuccess: invalidate }));
  const items = deliveries.data?.items ?? [];
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 className="font-medium">Recent deliveries</h2>
        {canEdit && <ResendFailedForm />}
      </div>
      {items.length === 0 ? (
        <p className="mt-3 text-sm text-slate-500">No deliveries yet.</p>
      ) : (
        <table className="mt-3 w-full text-left text-sm">
          <thead className="text-slate-500">
            <tr>
              <th className="py-2">Event</th>
              <th>Status</th>
              <th>Attempts</th>
              <th>Created</th>
              <th>Next retry</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {items.map((d) => (
              <DeliveryRows key={d.id} delivery={d} expanded={open === d.id} onToggle={() => setOpen(open === d.id ? null : d.id)}>
                {canEdit && d.status === "failed" && (
                  <button className="rounded border border-slate-300 px-2 py-1" disabled={resend.isPending} onClick={() => resend.submit({ deliveryId: d.id })}>
                    Resend
                  </button>
                )}
              </DeliveryRows>
            ))}
          </tbody>
        </table>
      )}
      {resend.error && <p role="alert" className="mt-2 text-sm text-red-700">{resend.error.message}</p>}
    </section>
  );
}

type Delivery = {
  id: string;
  eventId: string;
  eventType: string;
  status: keyof typeof STATUS_STYLE;
  createdAt: Date;
  nextAttemptAt: Date | null;
  attempts: Parameters<typeof AttemptSummary>[0]["attempt"][];
};

function DeliveryRows({ delivery: d, expanded, onToggle, children }: { delivery: Delivery; expanded: boolean; onToggle: () => void; children: React.ReactNode }) {
  return (
    <>
      <tr className="border-t border-slate-100" data-testid="delivery-row">
        <td className="py-2">
          <button className="text-left underline decoration-dotted" onClick={onToggle} aria-expanded={expanded}>
            {d.eventType}
          </button>
          <div className="font-mono text-xs text-slate-500">{d.eventId}</div>
        </td>
        <td className={STATUS_STYLE[d.status]}>{d.status}</td>
        <td>{d.attempts.length}</td>
        <td>{d.createdAt.toLocaleString()}</td>
        <td>{d.nextAttemptAt && d.status === "pending" ? d.nextAttemptAt.toLocaleString() : "—"}</td>
        <td>{children}</td>
      </tr>
      {expanded && (
        <tr>
          <td colSpan={6} className="space-y-3 bg-slate-50 p-3">
            {d.attempts.length === 0 ? <p className="text-slate-500">Not attempted yet.</p> : d.attempts.map((a, i) => <AttemptSummary key={i} attempt={a} />)}
          </td>
        </tr>
      )}
    </>
  );
}

/** After an outage on the receiver's side: every failed delivery since a moment goes back in the queue. */
function ResendFailedForm() {
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const [since, setSince] = useState(() => localDateTime(new Date(Date.now() - 24 * 3600_000)));
  const resend = useSubmission(trpc.webhooks.resendFailed.mutationOptions({ onSuccess: invalidate }));
  return (
    <form
      className="flex flex-wrap items-end gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (!resend.isPending) resend.submit({ since: new Date(since) });
      }}
    >
      <label className="flex flex-col gap-1">
        <span className="text-slate-600">Failed since</span>
        <input type="datetime-local" required className="rounded border border-slate-300 px-2 py-1" value={since} onChange={(e) => setSince(e.target.value)} />
      </label>
      <button type="submit" className="rounded border border-slate-300 px-3 py-1" disabled={resend.isPending}>
        {resend.isPending ? "Resending…" : "Resend failed deliveries"}
      </button>
      {resend.data && (
        <p role="status" className="w-full text-slate-600">
          {resend.data.resent === 0 ? "No failed deliveries since then." : `${resend.data.resent} deliveries queued again.`}
        </p>
      )}
      {resend.error && <p role="alert" className="w-full text-red-700">{resend.error.message}</p>}
    </form>
  );
}

/** The value a datetime-local input takes: local time, minutes precision. */
function localDateTime(d: Date): string {
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
