import { Suspense } from "react";
import { PageHeader } from "@/components/ui/page-header";
import { Loading } from "@/components/ui/states";
import { AuditLog } from "./audit-log";
import { ChainStatus } from "./chain-status";

export const metadata = { title: "Audit log" };

export default function AuditPage() {
  return (
    <>
      <PageHeader title="Audit log" description="Append-only and hash-chained: any edit or gap breaks the chain and shows here." />
      <ChainStatus />
      {/* The filters live in the URL so a filtered view can be linked (e.g. from a business page). */}
      <Suspense fallback={<Loading />}>
        <AuditLog />
      </Suspense>
    </>
  );
}
