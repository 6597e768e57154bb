"use client";
import Link from "next/link";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { BusinessStatusBadge, LiveAccessBadge, PlanBadge } from "../_components/badges";
import { Card, PageTitle } from "../_components/card";
import { formatDateTime, formatNumber } from "../_components/format";
import { Pager } from "../_components/pager";
import { Empty, ErrorNotice, Loading } from "../_components/query-state";

const PAGE_SIZE = 20;

export default function BusinessesPage() {
  const trpc = useTRPC();
  const [draft, setDraft] = useState("");
  const [query, setQuery] = useState("");
  const [page, setPage] = useState(1);
  const list = useQuery({
    ...trpc.admin.businesses.search.queryOptions({ query, page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageTitle title="Businesses" description="Every business on Hubi. Open one to suspend it, change its plan, grant credits or raise its rate limit." />
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
          className="w-80 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        />
        <button type="submit" className="rounded-md bg-blue-800 px-4 py-2 text-sm font-medium text-white hover:bg-blue-900">
          Search
        </button>
      </form>
      <Card>
        {list.isPending ? (
          <Loading />
        ) : list.isError ? (
          <div className="p-4">
            <ErrorNotice error={list.error} />
          </div>
        ) : list.data.items.length === 0 ? (
          <Empty>{query ? `No business name contains “${query}”.` : "No businesses yet."}</Empty>
        ) : (
          <>
            <table className="w-full text-left text-sm">
              <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wide text-slate-500">
                <tr>
                  <th scope="col" className="px-4 py-2 font-medium">Name</th>
                  <th scope="col" className="px-4 py-2 font-medium">Status</th>
                  <th scope="col" className="px-4 py-2 font-medium">Plan</th>
                  <th scope="col" className="px-4 py-2 font-medium">Live access</th>
                  <th scope="col" className="px-4 py-2 text-right font-medium">Credits</th>
                  <th scope="col" className="px-4 py-2 font-medium">Created</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {list.data.items.map((b) => (
                  <tr key={b.id} className="hover:bg-slate-50">
                    <td className="px-4 py-2.5">
                      <Link href={`/admin/businesses/${b.id}`} className="font-medium text-blue-800 hover:underline">
                        {b.name}
                      </Link>
                    </td>
                    <td className="px-4 py-2.5"><BusinessStatusBadge status={b.status} /></td>
                    <td className="px-4 py-2.5"><PlanBadge plan={b.plan} /></td>
                    <td className="px-4 py-2.5"><LiveAccessBadge state={b.liveAccess} /></td>
                    <td className="px-4 py-2.5 text-right tabular-nums">{formatNumber(b.creditBalance)}</td>
                    <td className="px-4 py-2.5 text-slate-600">{formatDateTime(b.createdAt)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
            <Pager page={page} pageSize={PAGE_SIZE} total={list.data.total} onPage={setPage} />
          </>
        )}
      </Card>
    </>
  );
}
