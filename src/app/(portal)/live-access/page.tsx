"use client";
import { useQuery } from "@tanstack/react-query";
import { useTRPC } from "@/trpc/client";
import { ApplicationForm } from "./application-form";
import { LiveAccessStatus } from "./live-access-status";

export default function LiveAccessPage() {
  const trpc = useTRPC();
  const me = useQuery(trpc.session.me.queryOptions());
  const status = useQuery(trpc.liveAccess.status.queryOptions());

  const isOwner = me.data?.membership?.role === "owner";
  const state = status.data?.liveAccess;
  const canApply = state === "none" || state === "rejected";

  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">Live access</h1>
      <p className="mt-1 mb-6 text-sm text-slate-600">
        Live keys verify against the national registry and use credits. Tell us who you are and how you will use Hubi; a
        Hubi administrator reviews every application.
      </p>
      {status.isPending || me.isPending ? (
        <p role="status" className="text-sm text-slate-500">Loading…</p>
      ) : status.isError ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800">
          {status.error.message}
        </p>
      ) : (
        <div className="flex flex-col gap-6">
          <LiveAccessStatus status={status.data} />
          {canApply &&
            (isOwner ? (
              <ApplicationForm previous={state === "rejected" ? status.data.latestApplication : null} />
            ) : (
              <p className="text-sm text-slate-600">Only the business owner can apply for live access.</p>
            ))}
        </div>
      )}
    </>
  );
}
