"use client";
import Link from "next/link";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/format";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { useTRPC } from "@/trpc/client";
import { BusinessStatusBadge, LiveAccessBadge, PlanBadge } from "@/components/admin/badges";

const PAGE_LIMIT = 20;

export default function BusinessesPage() {
  const t = useTranslations("admin.businesses");
  const format = useFormat();
  const trpc = useTRPC();
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.admin.businesses.search.queryOptions({ query, page, limit: PAGE_LIMIT }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <form
        role="search"
        className="mb-4 flex gap-2"
        onSubmit={(e) => {
          e.preventDefault();
          setQuery(draft.trim());
          setPage(1);
        }}
      >
        <label htmlFor="business-search" className="sr-only">
          {t("search")}
        </label>
        <input
          id="business-search"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder={t("search")}
          className="w-80 rounded-md border-0 bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-blue-800"
        />
        <Button type="submit">{t("searchButton")}</Button>
      </form>
      <Card>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState error={list.error} />
        ) : list.data.items.length === 0 ? (
          <Empty title={query ? t("noMatch", { query }) : t("none")} />
        ) : (
          <>
            <Table caption={t("caption")}>
              <thead>
                <tr>
                  <Th>{t("name")}</Th>
                  <Th>{t("status")}</Th>
                  <Th>{t("plan")}</Th>
                  <Th>{t("liveAccess")}</Th>
                  <Th className="text-right">{t("credits")}</Th>
                  <Th>{t("created")}</Th>
                </tr>
              </thead>
              <Tbody>
                {list.data.items.map((b) => (
                  <tr key={b.id} className="hover:bg-slate-50">
                    <Td>
                      <Link href={`/admin/businesses/${b.id}`} className="font-medium text-blue-800 hover:underline">
                        {b.name}
                      </Link>
                    </Td>
                    <Td><BusinessStatusBadge status={b.status} /></Td>
                    <Td><PlanBadge plan={b.plan} /></Td>
                    <Td><LiveAccessBadge state={b.liveAccess} /></Td>
                    <Td className="text-right tabular-nums">{format.number(b.creditBalance)}</Td>
                    <Td className="text-slate-600">{format.dateTime(b.createdAt)}</Td>
                  </tr>
                ))}
              </Tbody>
            </Table>
            <Pagination page={page} limit={PAGE_LIMIT} total={list.data.total} onPage={setPage} />
          </>
        )}
      </Card>
    </>
  );
}
