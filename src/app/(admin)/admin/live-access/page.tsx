"use client";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { PageTitle } from "../_components/card";
import { Pager } from "../_components/pager";
import { Empty, ErrorNotice, Loading } from "../_components/query-state";
import { ApplicationReview } from "./application-review";

const PAGE_SIZE = 10;

export default function LiveAccessQueuePage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const queue = useQuery({
    ...trpc.admin.liveAccess.pending.queryOptions({ page, pageSize: PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageTitle
        title="Live-access applications"
        description="Pending applications, oldest first. Approving also moves the business to the enterprise plan; both outcomes notify the business."
      />
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <ErrorNotice error={queue.error} />
      ) : queue.data.items.length === 0 ? (
        <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
          <Empty>No applications are waiting for review.</Empty>
        </div>
      ) : (
        <div className="flex flex-col gap-4">
          {queue.data.items.map((application) => (
            <ApplicationReview key={application.id} application={application} />
          ))}
          <div className="rounded-lg border border-slate-200 bg-white">
            <Pager page={page} pageSize={PAGE_SIZE} total={queue.data.total} onPage={setPage} />
          </div>
        </div>
      )}
    </>
  );
}
