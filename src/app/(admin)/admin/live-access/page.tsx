"use client";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { ApplicationReview } from "./application-review";

const PAGE_LIMIT = 10;

export default function LiveAccessQueuePage() {
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const queue = useQuery({
    ...trpc.admin.liveAccess.pending.queryOptions({ page, limit: PAGE_LIMIT }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title="Live-access applications"
        description="Pending applications, oldest first. Approving also moves the business to the enterprise plan; both outcomes notify the business."
      />
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <ErrorState error={queue.error} />
      ) : queue.data.items.length === 0 ? (
        <Card>
          <Empty title="No applications are waiting for review" />
        </Card>
      ) : (
        <div className="flex flex-col gap-4">
          {queue.data.items.map((application) => (
            <ApplicationReview key={application.id} application={application} />
          ))}
          <Card>
            <Pagination page={page} limit={PAGE_LIMIT} total={queue.data.total} onPage={setPage} />
          </Card>
        </div>
      )}
    </>
  );
}
