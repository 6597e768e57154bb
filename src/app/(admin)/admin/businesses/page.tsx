"use client";
import Link from "next/link";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { formatDateTime, formatNumber } from "@/components/format";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { useTRPC } from "@/trpc/client";
import { BusinessStatusBadge, LiveAccessBadge, PlanBadge } from "../_components/badges";

const PAGE_LIMIT = 20;

export default function BusinessesPage() {
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
      <PageHeader title="Businesses" description="Every business on Hubi. Open one to suspend it, change its plan, grant credits or raise its rate limit." />
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
          Search by business name
        </label>
        <input
          id="business-search"
          type="search"
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          placeholder="Search by business name"
          className="w-80 rounded-md border-0 bg-white px-3 py-2 text-sm shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-blue-800"
        />
        <Button type="submit">Search</Button>
      </form>
      <Card>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <ErrorState error={list.error} />
        ) : list.data.items.length === 0 ? (
          <Empty title={query ? `No business name contains “${query}”` : "No businesses yet"} />
        ) : (
          <>
            <Table caption="Businesses">
              <thead>
                <tr>
                  <Th>Name</Th>
                  <Th>Status</Th>
                  <Th>Plan</Th>
                  <Th>Live access</Th>
                  <Th className="text-right">Credits</Th>
                  <Th>Created</Th>
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
                    <Td className="text-right tabular-nums">{formatNumber(b.creditBalance)}</Td>
                    <Td className="text-slate-600">{formatDateTime(b.createdAt)}</Td>
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
