"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { Dialog } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { formatDateTime } from "@/components/format";
import { usePortal } from "@/components/portal/portal-context";
import { useTRPC } from "@/trpc/client";

const LIMIT = 25;

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
  createdAt: Date;
};

/** One request in full: what the table has no room for, and the verification it produced. */
function RequestDetails({ entry, onClose }: { entry: Entry | null; onClose: () => void }) {
  const row = (label: string, value: React.ReactNode) => (
    <div className="grid grid-cols-3 gap-2 py-1.5">
      <dt className="text-slate-500">{label}</dt>
      <dd className="col-span-2 break-all">{value}</dd>
    </div>
  );
  return (
    <Dialog open={entry !== null} onClose={onClose} title="Request details">
      {entry && (
        <div className="space-y-4">
          <dl className="divide-y divide-slate-100 text-sm">
            {row("Time", formatDateTime(entry.createdAt))}
            {row("Request", <code className="text-xs">{`${entry.method} ${entry.path}`}</code>)}
            {row("Status", <Badge tone={statusTone(entry.status)}>{entry.status}</Badge>)}
            {row("Latency", `${entry.latencyMs} ms`)}
            {row("Key", <code className="text-xs">{entry.apiKeyHint ?? "—"}</code>)}
            {row(
              "Request ID",
              <span className="flex flex-wrap items-center gap-2">
                <code className="text-xs">{entry.requestId}</code>
                <CopyButton text={entry.requestId} label="Copy ID" />
              </span>,
            )}
            {row("Idempotency key", <code className="text-xs">{entry.idempotencyKey ?? "—"}</code>)}
            {row(
              "Verification",
              entry.verificationId ? (
                <Link href={`/history/${entry.verificationId}`} className="font-medium text-blue-800 hover:underline">
                  Open the verification
                </Link>
              ) : (
                "—"
              ),
            )}
          </dl>
          <div className="flex justify-end">
            <Button variant="secondary" onClick={onClose}>
              Close
            </Button>
          </div>
        </div>
      )}
    </Dialog>
  );
}

export function RequestLogView() {
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
      <CardHeader title={`${mode === "live" ? "Live" : "Test"} API requests`} description="Every /api/v1 request of the last 30 days, newest first." />
      <CardBody className="border-b border-slate-200">
        <form onSubmit={onSubmit} role="search" className="flex flex-wrap items-end gap-2">
          <TextField label="Request ID" name="requestId" placeholder="req_…" className="w-full sm:w-80" defaultValue={search.requestId} />
          <Button type="submit">Search</Button>
          {search.requestId && (
            <Button variant="ghost" onClick={() => setSearch({ requestId: "", page: 1 })}>
              Show all
            </Button>
          )}
        </form>
      </CardBody>
      {log.isPending && <Loading label="Loading requests" />}
      {log.error && <ErrorState error={log.error} />}
      {log.data?.pagination.total === 0 && (
        <Empty title={search.requestId ? "No request with this ID in the last 30 days" : "No API requests yet"}>
          {!search.requestId && "Requests made with your API keys appear here within a few seconds."}
        </Empty>
      )}
      {log.data && log.data.pagination.total > 0 && (
        <>
          <Table caption="API requests">
            <thead>
              <tr>
                <Th>Time</Th>
                <Th>Request</Th>
                <Th>Status</Th>
                <Th>Latency</Th>
                <Th>Key</Th>
                <Th>Request ID</Th>
                <Th>
                  <span className="sr-only">Details</span>
                </Th>
              </tr>
            </thead>
            <Tbody>
              {log.data.data.map((r) => (
                <tr key={r.id}>
                  <Td>{formatDateTime(r.createdAt)}</Td>
                  <Td>
                    <span className="font-mono text-xs">
                      <span className="font-semibold">{r.method}</span> {r.path}
                    </span>
                  </Td>
                  <Td>
                    <Badge tone={statusTone(r.status)}>{r.status}</Badge>
                  </Td>
                  <Td className="tabular-nums">{r.latencyMs} ms</Td>
                  <Td>
                    <code className="text-xs">{r.apiKeyHint ?? "—"}</code>
                  </Td>
                  <Td>
                    <code className="text-xs">{r.requestId}</code>
                  </Td>
                  <Td className="text-right">
                    <Button size="sm" variant="secondary" onClick={() => setOpen(r)} aria-label={`Details of ${r.requestId}`}>
                      Details
                    </Button>
                  </Td>
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
