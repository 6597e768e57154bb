import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { Loading } from "@/components/ui/states";
import { HistoryView } from "@/components/history/history-view";

export const metadata = { title: "History" };

export default function HistoryPage() {
  return (
    <>
      <PageHeader title="History" description="Every verification of the selected mode, from the API and from the portal." />
      <Suspense fallback={<Loading />}>
        <HistoryView />
      </Suspense>
    </>
  );
}
