"use client";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { TextField } from "@/components/ui/field";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { formatDateTime } from "@/components/format";
import { usePortal } from "@/components/portal/portal-context";
import { useTRPC } from "@/trpc/client";

const LIMIT = 25;

const statusTone = (status: number) => (status < 300 ? "success" : status < 500 ? "warning" : "danger");

export function RequestLogView() {
  const trpc = useTRPC();
  const { mode } = usePortal();
  const [search, setSearch] = useState({ requestId: "", page: 1 });
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
                <Th>Idempotency key</Th>
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
                  <Td>
                    <code className="text-xs">{r.idempotencyKey ?? "—"}</code>
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
