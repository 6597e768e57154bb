"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Badge } from "@/components/ui/badge";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { useFormat } from "@/components/i18n/format";
import { usePortal } from "@/components/portal/portal-context";
import { mayDo } from "@/contracts/roles";
import { useTRPC } from "@/trpc/client";
import { CREDIT_LEDGER_PAGE_SIZE } from "@/components/portal/page-sizes";
import { ThresholdForm } from "./threshold-form";

const KIND_TONE = { grant: "success", usage: "neutral", refund: "info", adjustment: "warning" } as const;

export function CreditsView({ contact }: { contact: string }) {
  const t = useTranslations("credits");
  const format = useFormat();
  const trpc = useTRPC();
  const { role, mode } = usePortal();
  const [page, setPage] = useState(1);
  const summary = useQuery(trpc.business.summary.queryOptions());
  const ledger = useQuery({ ...trpc.credits.ledger.queryOptions({ page, limit: CREDIT_LEDGER_PAGE_SIZE }), placeholderData: (previous) => previous });

  return (
    <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
      <Card>
        <CardHeader title={t("balance.title")} description={t("balance.description")} />
        {summary.isPending && <Loading label={t("balance.loading")} />}
        {summary.error && <ErrorState error={summary.error} />}
        {summary.data && (
          <CardBody className="space-y-5">
            <p className="text-3xl font-semibold tabular-nums" data-testid="credit-balance">
              {format.number(summary.data.creditBalance)}{" "}
              <span className="text-sm font-normal text-slate-600">{t("balance.credits", { count: summary.data.creditBalance })}</span>
            </p>
            {mayDo(role, "manageBusiness") ? (
              <ThresholdForm current={summary.data.lowCreditThreshold} />
            ) : (
              <p className="text-sm text-slate-600">{t("balance.alertBelow", { threshold: summary.data.lowCreditThreshold })}</p>
            )}
            <p className="text-sm text-slate-600">
              {t.rich("balance.buy", { contact, strong: (c) => <strong className="font-medium text-slate-900">{c}</strong> })}
            </p>
          </CardBody>
        )}
      </Card>
      <Card className="lg:col-span-2">
        <CardHeader title={t("ledger.title")} description={t("ledger.description")} />
        {ledger.isPending && <Loading label={t("ledger.loading")} />}
        {ledger.error && <ErrorState error={ledger.error} />}
        {ledger.data?.pagination.total === 0 && <Empty title={t("ledger.empty")} />}
        {ledger.data && ledger.data.pagination.total > 0 && (
          <>
            <Table caption={t("ledger.caption")}>
              <thead>
                <tr>
                  <Th>{t("ledger.columns.time")}</Th>
                  <Th>{t("ledger.columns.kind")}</Th>
                  <Th className="text-right">{t("ledger.columns.amount")}</Th>
                  <Th className="text-right">{t("ledger.columns.balance")}</Th>
                  <Th>{t("ledger.columns.note")}</Th>
                  <Th>{t("ledger.columns.verification")}</Th>
                </tr>
              </thead>
              <Tbody>
                {ledger.data.data.map((e) => (
                  <tr key={e.id}>
                    <Td>{format.dateTime(e.createdAt)}</Td>
                    <Td>
                      <Badge tone={KIND_TONE[e.kind]}>{t(`ledger.kinds.${e.kind}`)}</Badge>
                    </Td>
                    <Td className="text-right tabular-nums">{e.amount > 0 ? `+${format.number(e.amount)}` : format.number(e.amount)}</Td>
                    <Td className="text-right tabular-nums">{format.number(e.balanceAfter)}</Td>
                    <Td className="max-w-xs truncate">{e.note ?? "—"}</Td>
                    <Td className="whitespace-nowrap font-mono">
                      {!e.verification ? (
                        "—"
                      ) : mode === "live" ? (
                        <Link href={`/history/${e.verification.id}`} className="text-blue-800 hover:underline">
                          {e.verification.reference}
                        </Link>
                      ) : (
                        <span title={t("ledger.switchToLive")}>{e.verification.reference}</span>
                      )}
                    </Td>
                  </tr>
                ))}
              </Tbody>
            </Table>
            <Pagination page={page} limit={CREDIT_LEDGER_PAGE_SIZE} total={ledger.data.pagination.total} onPage={setPage} />
          </>
        )}
      </Card>
    </div>
  );
}
