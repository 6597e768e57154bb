"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useSubmission } from "@/trpc/use-submission";
import { useTRPC } from "@/trpc/client";
import { useFormat } from "@/components/i18n/format";
import { ErrorText } from "@/components/ui/states";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ActionsTd, ActionsTh, Table, Tbody, Td, Th } from "@/components/ui/table";
import { useInvalidateWebhooks } from "./use-invalidate-webhooks";
import { WEBHOOK_DELIVERIES_SHOWN } from "@/components/portal/page-sizes";
import { AttemptSummary } from "./attempt-summary";

const STATUS_STYLE = { pending: "text-amber-700", succeeded: "text-green-700", failed: "text-red-700" } as const;

export function DeliveriesTable({ canEdit }: { canEdit: boolean }) {
  const t = useTranslations("webhooks.deliveries");
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const [open, setOpen] = useState<string | null>(null);
  const deliveries = useQuery({ ...trpc.webhooks.deliveries.queryOptions({ limit: WEBHOOK_DELIVERIES_SHOWN }), refetchInterval: 5_000 });
  const resend = useSubmission(trpc.webhooks.resend.mutationOptions({ onSuccess: invalidate }));
  const items = deliveries.data?.items ?? [];
  return (
    <Card>
      <CardHeader title={t("title")} description={t("description")} />
      {canEdit && (
        <CardBody className="border-b border-slate-200">
          <ResendFailedForm />
        </CardBody>
      )}
      {items.length === 0 ? (
        <CardBody>
          <p className="text-sm text-slate-500">{t("empty")}</p>
        </CardBody>
      ) : (
        <Table caption={t("caption")}>
          <thead>
            <tr>
              <Th>{t("columns.event")}</Th>
              <Th>{t("columns.status")}</Th>
              <Th>{t("columns.attempts")}</Th>
              <Th>{t("columns.created")}</Th>
              <Th>{t("columns.nextRetry")}</Th>
              <ActionsTh label={t("columns.actions")} />
            </tr>
          </thead>
          <Tbody>
            {items.map((d) => (
              <DeliveryRows key={d.id} delivery={d} expanded={open === d.id} onToggle={() => setOpen(open === d.id ? null : d.id)}>
                {canEdit && d.status !== "pending" && (
                  <Button size="sm" variant="secondary" busy={resend.isPending} onClick={() => resend.submit({ deliveryId: d.id })}>
                    {t("resend")}
                  </Button>
                )}
              </DeliveryRows>
            ))}
          </Tbody>
        </Table>
      )}
      {resend.error && <ErrorText error={resend.error} className="px-5 py-3 text-sm text-red-700" />}
    </Card>
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
  const t = useTranslations("webhooks.deliveries");
  const format = useFormat();
  return (
    <>
      <tr data-testid="delivery-row">
        <Td>
          <button className="text-left font-medium text-blue-800 underline decoration-dotted hover:text-blue-900" onClick={onToggle} aria-expanded={expanded}>
            {d.eventType}
          </button>
          <div className="font-mono text-xs text-slate-500">{d.eventId}</div>
        </Td>
        <Td className={STATUS_STYLE[d.status]}>{t(`statuses.${d.status}`)}</Td>
        <Td className="tabular-nums">{format.number(d.attempts.length)}</Td>
        <Td>{format.dateTime(d.createdAt)}</Td>
        <Td>{d.nextAttemptAt && d.status === "pending" ? format.dateTime(d.nextAttemptAt) : "—"}</Td>
        <ActionsTd>{children}</ActionsTd>
      </tr>
      {expanded && (
        <tr>
          <td colSpan={6} className="space-y-3 bg-slate-50 px-4 py-3">
            {d.attempts.length === 0 ? <p className="text-slate-500">{t("notAttempted")}</p> : d.attempts.map((a, i) => <AttemptSummary key={i} attempt={a} />)}
            <EventPayload eventId={d.eventId} />
          </td>
        </tr>
      )}
    </>
  );
}

/** The event as delivered: the receiver's view of it (loaded when the row is opened). */
function EventPayload({ eventId }: { eventId: string }) {
  const t = useTranslations("webhooks.deliveries");
  const trpc = useTRPC();
  const event = useQuery(trpc.webhooks.event.queryOptions({ id: eventId }));
  return (
    <div className="space-y-1">
      <p className="font-medium text-slate-700">{t("payload")}</p>
      {event.isPending && <p className="text-slate-500">{t("loading")}</p>}
      {event.error && <ErrorText error={event.error} className="text-red-700" />}
      {event.data && (
        <pre data-testid="event-payload" className="max-h-64 overflow-auto rounded bg-white p-2 font-mono text-xs ring-1 ring-slate-200">
          {JSON.stringify(event.data, null, 2)}
        </pre>
      )}
    </div>
  );
}

/** After an outage on the receiver's side: every failed delivery since a moment goes back in the queue. */
function ResendFailedForm() {
  const t = useTranslations("webhooks.deliveries");
  const trpc = useTRPC();
  const invalidate = useInvalidateWebhooks();
  const [since, setSince] = useState(() => localDateTime(new Date(Date.now() - 24 * 3600_000)));
  const resend = useSubmission(trpc.webhooks.resendFailed.mutationOptions({ onSuccess: invalidate }));
  return (
    <form
      noValidate
      className="flex flex-wrap items-end gap-2 text-sm"
      onSubmit={(e) => {
        e.preventDefault();
        if (!resend.isPending) resend.submit({ since: new Date(since) });
      }}
    >
      <label className="flex flex-col gap-1">
        <span className="text-slate-600">{t("failedSince")}</span>
        <input type="datetime-local" required className="rounded border border-slate-300 px-2 py-1" value={since} onChange={(e) => setSince(e.target.value)} />
      </label>
      <Button type="submit" variant="secondary" busy={resend.isPending}>
        {t("resendFailed")}
      </Button>
      {resend.data && (
        <p role="status" className="w-full text-slate-600">
          {resend.data.resent === 0 ? t("noneFailed") : t("requeued", { count: resend.data.resent })}
        </p>
      )}
      {resend.error && <ErrorText error={resend.error} className="w-full text-red-700" />}
    </form>
  );
}

/** The value a datetime-local input takes: local time, minutes precision. */
function localDateTime(d: Date): string {
  const local = new Date(d.getTime() - d.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
