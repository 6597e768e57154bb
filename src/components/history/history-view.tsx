"use client";
import Link from "next/link";
import { useQuery } from "@tanstack/react-query";
import { useSearchParams } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { buttonClasses } from "@/components/ui/button-classes";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { useFormat } from "@/components/i18n/format";
import type { Translate } from "@/i18n/validation-translator";
import { usePortal } from "@/components/portal/portal-context";
import { ResultBadge } from "@/components/portal/result-badge";
import { MatchOutcome } from "@/components/verify/match-summary";
import { historyFiltersFromSearchParams } from "@/contracts/history-filters";
import { HISTORY_PAGE_SIZE } from "@/components/portal/page-sizes";
import { useTRPC } from "@/trpc/client";
import { filterErrors, HistoryFiltersForm } from "./history-filters-form";

export function HistoryView() {
  const t = useTranslations("history");
  const validation = useTranslations("common.validation");
  const format = useFormat();
  const trpc = useTRPC();
  const { mode } = usePortal();
  const params = useSearchParams();
  const parsed = historyFiltersFromSearchParams(params);
  const filterKey = params.toString();
  // The page resets whenever the filters change.
  const [paging, setPaging] = useState({ filterKey, page: 1 });
  const page = paging.filterKey === filterKey ? paging.page : 1;
  const list = useQuery({
    ...trpc.verifications.list.queryOptions({ filters: parsed.success ? parsed.data : {}, page, limit: HISTORY_PAGE_SIZE }),
    enabled: parsed.success,
    placeholderData: (previous) => previous,
  });
  // Invalid filters show their errors and no results (never the unfiltered history).
  const errors = filterErrors(params, validation as Translate);
  const shown = parsed.success ? list.data : undefined;

  return (
    <Card>
      <CardHeader
        title={t("listTitle", { mode })}
        description={t("listDescription")}
        actions={
          <a href={`/history/export?${filterKey}`} className={buttonClasses("secondary")} download>
            {t("export")}
          </a>
        }
      />
      <CardBody className="border-b border-slate-200">
        <HistoryFiltersForm errors={errors} />
      </CardBody>
      {list.isPending && parsed.success && <Loading label={t("loading")} />}
      {parsed.success && list.error && <ErrorState error={list.error} />}
      {shown?.pagination.total === 0 &&
        (filterKey ? <Empty title={t("noMatchTitle")}>{t("noMatchBody")}</Empty> : <Empty title={t("emptyTitle")}>{t("emptyBody")}</Empty>)}
      {shown && shown.pagination.total > 0 && (
        <>
          <Table caption={t("caption")}>
            <thead>
              <tr>
                <Th>{t("columns.reference")}</Th>
                <Th>{t("columns.nationalId")}</Th>
                <Th>{t("columns.outcome")}</Th>
                <Th>{t("columns.nameMatch")}</Th>
                <Th>{t("columns.purpose")}</Th>
                <Th>{t("columns.channel")}</Th>
                <Th>{t("columns.time")}</Th>
              </tr>
            </thead>
            <Tbody>
              {shown.data.map((v) => (
                <tr key={v.id}>
                  <Td>
                    <Link href={`/history/${v.id}`} className="font-mono text-blue-800 hover:underline">
                      {v.reference}
                    </Link>
                  </Td>
                  <Td className="font-mono whitespace-nowrap">{v.nationalIdLast4 ? `•••• ${v.nationalIdLast4}` : <span className="text-slate-500">{t("redacted")}</span>}</Td>
                  <Td>
                    <ResultBadge result={v.result} />
                  </Td>
                  <Td>{v.match?.fullName ? <MatchOutcome result={v.match.fullName.result} /> : "—"}</Td>
                  <Td className="max-w-xs truncate">{v.purpose ?? "—"}</Td>
                  <Td>{t(`channels.${v.channel}`)}</Td>
                  <Td>{format.dateTime(v.createdAt)}</Td>
                </tr>
              ))}
            </Tbody>
          </Table>
          <Pagination page={page} limit={HISTORY_PAGE_SIZE} total={shown.pagination.total} onPage={(p) => setPaging({ filterKey, page: p })} />
        </>
      )}
    </Card>
  );
}
