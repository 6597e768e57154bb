import { Suspense } from "react";
import { PageTitle } from "../_components/card";
import { Loading } from "../_components/query-state";
import { AuditLog } from "./audit-log";
import { ChainStatus } from "./chain-status";

export const metadata = { title: "Audit log" };

export default function AuditPage() {
  return (
    <>
      <PageTitle title="Audit log" description="Append-only and hash-chained: any edit or gap breaks the chain and shows here." />
      <ChainStatus />
      {/* The filters live in the URL so a filtered view can be linked (e.g. from a business page). */}
      <Suspense fallback={<Loading />}>
        <AuditLog />
      </Suspense>
    </>
  );
}
