"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { ActionsTd, ActionsTh, Table, Tbody, Td, Th } from "@/components/ui/table";
import { useFormat } from "@/components/i18n/format";
import { usePortal } from "@/components/portal/portal-context";
import { ResultBadge } from "@/components/portal/result-badge";
import { useTRPC } from "@/trpc/client";
import { REQUEST_LOG_PAGE_SIZE } from "@/components/portal/page-sizes";

const LIMIT = REQUEST_LOG_PAGE_SIZE;

const statusTone = (status: number) => (status < 300 ? "success" : status < 500 ? "warning" : "danger");

type Entry = {
  id: string;
  method: string;
  path: string;
  status: number;
  latencyMs: number;
  apiKeyHint: string | null;
  requestId: string;
  idempotencyKey: string | null;
  verificationId: string | null;
  /** The outcome of that verification now (`pending` until its lookup lands). */
  outcome: string | null;
  createdAt: Date;
};

/** One request in full: what the table has no room for, and the verification it produced. */
function RequestDetails({ entry, onClose }: { entry: Entry | null; onClose: () => void }) {
  const t = useTranslations("request-log.dialog");
  const common = useTranslations("common.time");
  const format = useFormat();
  const row = (label: string, value: React.ReactNode) => (
    <div className="grid grid-cols-3 gap-2 py-1.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="col-span-2 break-all">{value}</dd>
    </div>
  );
  return (
    <Dialog open={entry !== null} onClose={onClose} title={t("title")}>
      {entry && (
        <div className="space-y-4">
          <dl className="divide-y divide-slate-100 text-sm">
            {row(t("time"), format.dateTime(entry.createdAt))}
            {row(t("request"), <code className="text-xs">{`${entry.method} ${entry.path}`}</code>)}
            {row(t("status"), <Badge tone={statusTone(entry.status)}>{entry.status}</Badge>)}
            {row(t("latency"), common("milliseconds", { ms: entry.latencyMs }))}
            {row(t("key"), <code className="text-xs">{entry.apiKeyHint ?? "—"}</code>)}
            {row(
              t("requestId"),
              <span className="flex flex-wrap items-center gap-2">
                <code className="text-xs">{entry.requestId}</code>
                <CopyButton text={entry.requestId} label={t("copyId")} />
              </span>,
            )}
            {row(t("idempotencyKey"), <code className="text-xs">{entry.idempotencyKey ?? "—"}</code>)}
            {row(
              t("verification"),
              entry.verificationId ? (
                <span className="flex flex-wrap items-center gap-2">
                  {entry.outcome && <ResultBadge result={entry.outcome} />}
                  <Link href={`/history/${entry.verificationId}`} className="font-medium text-blue-800 hover:underline">
                    {t("openVerification")}
                  </Link>
                </span>
              ) : (
                "—"
              ),
            )}
          </dl>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              {t("close")}
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

export function RequestLogView() {
  const t = useTranslations("request-log");
  const ms = useTranslations("common.time");
  const format = useFormat();
  const trpc = useTRPC();
  const { mode } = usePortal();
  const [search, setSearch] = useState({ requestId: "", page: 1 });
  const [open, setOpen] = useState<Entry | null>(null);
  const log = useQuery({
    ...trpc.requestLog.list.queryOptions({ requestId: search.requestId || undefined, page: search.page, limit: LIMIT }),
    placeholderData: (previous) => previous,
  });

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setSearch({ requestId: String(new FormData(event.currentTarget).get("requestId") ?? "").trim(), page: 1 });
  }

  return (
    <Card>
      <RequestDetails entry={open} onClose={() => setOpen(null)} />
      <CardHeader title={t("listTitle", { mode })} description={t("listDescription")} />
      <CardBody className="border-b border-slate-200">
        <form onSubmit={onSubmit} role="search" className="flex flex-wrap items-end gap-2">
          <TextField label={t("requestId")} name="requestId" placeholder="req_…" className="w-full sm:w-80" defaultValue={search.requestId} />
          <Button type="submit">{t("search")}</Button>
          {search.requestId && (
            <Button variant="ghost" onClick={() => setSearch({ requestId: "", page: 1 })}>
              {t("showAll")}
            </Button>
          )}
        </form>
      </CardBody>
      {log.isPending && <Loading label={t("loading")} />}
      {log.error && <ErrorState error={log.error} />}
      {log.data?.pagination.total === 0 && (
        <Empty title={search.requestId ? t("noMatch") : t("emptyTitle")}>{!search.requestId && t("emptyBody")}
        </Empty>
      )}
      {log.data && log.data.pagination.total > 0 && (
        <>
          <Table caption={t("caption")}>
            <thead>
              <tr>
                <Th>{t("columns.time")}</Th>
                <Th>{t("columns.request")}</Th>
                <Th>{t("columns.status")}</Th>
                <Th>{t("columns.outcome")}</Th>
                <Th>{t("columns.latency")}</Th>
                <Th>{t("columns.key")}</Th>
                <Th>{t("columns.requestId")}</Th>
                <ActionsTh label={t("columns.details")} />
              </tr>
            </thead>
            <Tbody>
              {log.data.data.map((r) => (
                <tr key={r.id}>
                  <Td>{format.dateTime(r.createdAt)}</Td>
                  <Td>
                    <span className="font-mono text-xs">
                      <span className="font-semibold">{r.method}</span> {r.path}
                    </span>
                  </Td>
                  <Td>
                    <Badge tone={statusTone(r.status)}>{r.status}</Badge>
                  </Td>
                  <Td>{r.outcome ? <ResultBadge result={r.outcome} /> : "—"}</Td>
                  <Td className="tabular-nums">{ms("milliseconds", { ms: r.latencyMs })}</Td>
                  <Td>
                    <code className="text-xs">{r.apiKeyHint ?? "—"}</code>
                  </Td>
                  <Td>
                    <code className="text-xs">{r.requestId}</code>
                  </Td>
                  <ActionsTd>
                    <Button size="sm" variant="secondary" onClick={() => setOpen(r)} aria-label={t("detailsLabel", { requestId: r.requestId })}>
                      {t("details")}
                    </Button>
                  </ActionsTd>
                </tr>
              ))}
            </Tbody>
          </Table>
          <Pagination page={search.page} limit={LIMIT} total={log.data.pagination.total} onPage={(page) => setSearch((s) => ({ ...s, page }))} />
        </>
      )}
    </Card>
  );
}
