"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { formatDateTime, formatNumber } from "@/components/format";
import { usePortal } from "@/components/portal/portal-context";
import { hasRole } from "@/components/portal/roles";
import { useTRPC } from "@/trpc/client";
import { ThresholdForm } from "./threshold-form";

const LIMIT = 20;
const KIND_TONE = { grant: "success", usage: "neutral", refund: "info", adjustment: "warning" } as const;

export function CreditsView({ contact }: { contact: string }) {
  const trpc = useTRPC();
  const { role, mode } = usePortal();
  const [page, setPage] = useState(1);
  const summary = useQuery(trpc.business.summary.queryOptions());
  const ledger = useQuery({ ...trpc.credits.ledger.queryOptions({ page, limit: LIMIT }), placeholderData: (previous) => previous });

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card>
        <CardHeader title="Balance" description="Credits are used by live calls only." />
        {summary.isPending && <Loading label="Loading balance" />}
        {summary.error && <ErrorState error={summary.error} />}
        {summary.data && (
          <CardBody className="space-y-5">
            <p className="text-3xl font-semibold tabular-nums" data-testid="credit-balance">
              {formatNumber(summary.data.creditBalance)} <span className="text-sm font-normal text-slate-600">credits</span>
            </p>
            {hasRole(role, "owner") ? (
              <ThresholdForm current={summary.data.lowCreditThreshold} />
            ) : (
              <p className="text-sm text-slate-600">Low-credit alert below {formatNumber(summary.data.lowCreditThreshold)} (owners can change this).</p>
            )}
            <p className="text-sm text-slate-600">
              To buy credits, contact Hubi at <strong className="font-medium text-slate-900">{contact}</strong>; once paid, they are added to this balance and
              appear in the ledger.
            </p>
          </CardBody>
        )}
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader title="Ledger" description="Every change of the balance, newest first." />
        {ledger.isPending && <Loading label="Loading ledger" />}
        {ledger.error && <ErrorState error={ledger.error} />}
        {ledger.data?.pagination.total === 0 && <Empty title="No credit movements yet" />}
        {ledger.data && ledger.data.pagination.total > 0 && (
          <>
            <Table caption="Credit ledger">
              <thead>
                <tr>
                  <Th>Time</Th>
                  <Th>Kind</Th>
                  <Th className="text-right">Amount</Th>
                  <Th className="text-right">Balance</Th>
                  <Th>Note</Th>
                  <Th>Verification</Th>
                </tr>
              </thead>
              <Tbody>
                {ledger.data.data.map((e) => (
                  <tr key={e.id}>
                    <Td>{formatDateTime(e.createdAt)}</Td>
                    <Td>
                      <Badge tone={KIND_TONE[e.kind]}>{e.kind}</Badge>
                    </Td>
                    <Td className="text-right tabular-nums">{e.amount > 0 ? `+${formatNumber(e.amount)}` : formatNumber(e.amount)}</Td>
                    <Td className="text-right tabular-nums">{formatNumber(e.balanceAfter)}</Td>
                    <Td className="max-w-xs truncate">{e.note ?? "—"}</Td>
                    <Td className="whitespace-nowrap font-mono">
                      {!e.verification ? (
                        "—"
                      ) : mode === "live" ? (
                        <Link href={`/history/${e.verification.id}`} className="text-blue-800 hover:underline">
                          {e.verification.reference}
                        </Link>
                      ) : (
                        <span title="Switch to live mode to open it">{e.verification.reference}</span>
                      )}
                    </Td>
                  </tr>
                ))}
              </Tbody>
            </Table>
            <Pagination page={page} limit={LIMIT} total={ledger.data.pagination.total} onPage={setPage} />
          </>
        )}
      </Card>
    </div>
  );
}
