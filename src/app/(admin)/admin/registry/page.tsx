"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { formatNumber } from "@/components/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { PageHeader } from "@/components/ui/page-header";
import { ErrorState, Loading } from "@/components/ui/states";
import { RegistryUpload } from "./registry-upload";

export default function RegistryPage() {
  const trpc = useTRPC();
  const count = useQuery(trpc.admin.registry.count.queryOptions());
  return (
    <>
      <PageHeader
        title="Production registry"
        description="Citizen records used by live verifications. Uploads upsert by national ID, so re-uploading a file is safe."
      />
      <div className="grid grid-cols-1 items-start gap-6 md:grid-cols-3">
        <Card>
          <CardHeader title="Records" />
          <CardBody>
            {count.isPending ? (
              <Loading />
            ) : count.isError ? (
              <ErrorState error={count.error} />
            ) : (
              <p className="text-sm text-slate-600">
                <span className="block text-3xl font-semibold tabular-nums text-slate-900" aria-label="Total records">
                  {formatNumber(count.data)}
                </span>
                citizen records, active and revoked
              </p>
            )}
          </CardBody>
        </Card>
        <div className="md:col-span-2">
          <RegistryUpload />
        </div>
      </div>
    </>
  );
}
