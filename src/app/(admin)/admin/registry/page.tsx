"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { Card, PageTitle } from "../_components/card";
import { formatNumber } from "../_components/format";
import { ErrorNotice, Loading } from "../_components/query-state";
import { RegistryUpload } from "./registry-upload";

export default function RegistryPage() {
  const trpc = useTRPC();
  const count = useQuery(trpc.admin.registry.count.queryOptions());
  return (
    <>
      <PageTitle
        title="Production registry"
        description="Citizen records used by live verifications. Uploads upsert by national ID, so re-uploading a file is safe."
      />
      <div className="grid items-start gap-6 md:grid-cols-3">
        <Card title="Records">
          <div className="p-4">
            {count.isPending ? (
              <Loading />
            ) : count.isError ? (
              <ErrorNotice error={count.error} />
            ) : (
              <p className="text-sm text-slate-600">
                <span className="block text-3xl font-semibold tabular-nums text-slate-900" aria-label="Total records">
                  {formatNumber(count.data)}
                </span>
                citizen records, active and revoked
              </p>
            )}
          </div>
        </Card>
        <div className="md:col-span-2">
          <RegistryUpload />
        </div>
      </div>
    </>
  );
}
