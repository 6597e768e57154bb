"use client";
import { useState } from "react";
import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { Card } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { Pagination } from "@/components/ui/pagination";
import { Empty, ErrorState, Loading } from "@/components/ui/states";
import { ApplicationReview } from "@/components/admin/application-review";

const PAGE_LIMIT = 10;

export default function LiveAccessQueuePage() {
  const t = useTranslations("admin.liveAccess");
  const trpc = useTRPC();
  const [page, setPage] = useState(1);
  const queue = useQuery({
    ...trpc.admin.liveAccess.pending.queryOptions({ page, limit: PAGE_LIMIT }),
    placeholderData: keepPreviousData,
  });

  return (
    <>
      <PageHeader
        title={t("title")}
        description={t("description")}
      />
      {queue.isPending ? (
        <Loading />
      ) : queue.isError ? (
        <ErrorState error={queue.error} />
      ) : queue.data.items.length === 0 ? (
        <Card>
          <Empty title={t("none")} />
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
