"use client";
import { useTranslations } from "next-intl";
import { useQuery } from "@tanstack/react-query";
import { usePortal } from "@/components/portal/portal-context";
import { ErrorState, Loading } from "@/components/ui/states";
import { useTRPC } from "@/trpc/client";
import { ApplicationForm } from "./application-form";
import { LiveAccessStatus } from "./live-access-status";
import { SubmittedApplication } from "./submitted-application";

/** Everyone sees where the business stands; only its owner can apply. */
export function LiveAccessView() {
  const t = useTranslations("live-access");
  const trpc = useTRPC();
  const { role } = usePortal();
  const status = useQuery(trpc.liveAccess.status.queryOptions());

  if (status.isPending) return <Loading />;
  if (status.isError) return <ErrorState error={status.error} />;
  const state = status.data.liveAccess;
  const canApply = state === "none" || state === "rejected";
  return (
    <div className="flex flex-col gap-6">
      <LiveAccessStatus status={status.data} />
      {/* A rejected application is shown in the form, ready to correct. */}
      {status.data.latestApplication && state !== "rejected" && <SubmittedApplication application={status.data.latestApplication} />}
      {canApply &&
        (role === "owner" ? (
          <ApplicationForm previous={state === "rejected" ? status.data.latestApplication : null} />
        ) : (
          <p className="text-sm text-slate-600">{t("ownerOnly")}</p>
        ))}
    </div>
  );
}
