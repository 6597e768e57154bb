"use client";
import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";
import { AttemptSummary } from "./attempt-summary";

const STATUS_STYLE = { pending: "text-amber-700", succeeded: "text-green-700", failed: "text-red-700" } as const;

export function DeliveriesTable({ canEdit }: { canEdit: boolean }) {
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const [open, setOpen] = useState<string | null>(null);
  const deliveries = useQuery({ ...trpc.webhooks.deliveries.queryOptions({ limit: 50 }), refetchInterval: 5_000 });
  const resend = useMutation(trpc.webhooks.resend.mutationOptions({ onSuccess: invalidate }));
  const items = deliveries.data?.items ?? [];
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5">
      <h2 className="font-medium">Recent deliveries</h2>
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
                  <button className="rounded border border-slate-300 px-2 py-1" disabled={resend.isPending} onClick={() => resend.mutate({ deliveryId: d.id })}>
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
