"use client";
import Link from "next/link";
import { useId, useState } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { useTranslations } from "next-intl";
import { useTRPC } from "@/trpc/client";
import { useSubmission } from "@/trpc/use-submission";
import { useFormat } from "@/components/i18n/format";
import { useErrorMessage } from "@/components/i18n/error-message";
import { ApplicationDetails, type ApplicationFields } from "@/components/live-access/application-details";
import { Button } from "@/components/ui/button";
import { useConfirmations } from "@/components/ui/confirm-dialog";
import { useValidate } from "@/components/i18n/use-validate";
import { decideLiveAccessInput } from "@/contracts/live-access";

type Application = ApplicationFields & { id: string; businessId: string; business: { name: string }; createdAt: Date };

/**
 * One pending application with its details and the approve / reject-with-reason decision. Both ask
 * first; a rejection's reason is checked with the service's schema before it is sent, so a reason
 * the server would refuse is explained beside the field. Afterwards the application stays on
 * screen with the outcome until the page is revisited.
 */
export function ApplicationReview({ application: a }: { application: Application }) {
  const t = useTranslations("admin.liveAccess");
  const format = useFormat();
  const errorMessage = useErrorMessage();
  const business = a.business.name;
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | undefined>();
  const reasonId = useId();
  const validate = useValidate();
  const { ask, dialog } = useConfirmations();
  const decide = useSubmission(
    trpc.admin.liveAccess.decide.mutationOptions({
      // Someone else decided it first: refresh the queue.
      onError: () => queryClient.invalidateQueries({ queryKey: trpc.admin.liveAccess.pending.pathKey() }),
    }),
  );
  const approve = () =>
    ask(
      [
        {
          title: t("approveTitle", { business }),
          message: t("approveMessage"),
          confirmLabel: t("approve"),
        },
      ],
      () => decide.submit({ applicationId: a.id, decision: "approve" }),
    );
  const reject = () => {
    const input = { applicationId: a.id, decision: "reject" as const, reason };
    const { errors } = validate(decideLiveAccessInput, input);
    setReasonError(errors.reason ?? errors.form);
    if (Object.keys(errors).length === 0) decide.submit(input);
  };

  return (
    <article aria-label={t("application", { business })} className="rounded-lg bg-white shadow-sm ring-1 ring-slate-200">
      <header className="flex flex-wrap items-baseline justify-between gap-2 border-b border-slate-200 px-4 py-3">
        <h2 className="font-semibold">
          <Link href={`/admin/businesses/${a.businessId}`} className="text-blue-800 hover:underline">
            {a.business.name}
          </Link>
        </h2>
        <span className="text-xs text-slate-500">{t("submitted", { time: format.dateTime(a.createdAt) })}</span>
      </header>
      <div className="px-4 py-3">
        <ApplicationDetails application={a} />
      </div>
      <footer className="flex flex-col gap-3 border-t border-slate-200 px-4 py-3">
        {rejecting && (
          <div>
            <label htmlFor={reasonId} className="block text-sm font-medium text-slate-700">
              {t("reason")}
            </label>
            <textarea
              id={reasonId}
              className="mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm aria-[invalid=true]:border-red-600"
              rows={2}
              maxLength={1000}
              value={reason}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? `${reasonId}-error` : undefined}
              onChange={(e) => setReason(e.target.value)}
            />
            {reasonError && (
              <p id={`${reasonId}-error`} className="mt-1 text-xs text-red-700">
                {reasonError}
              </p>
            )}
          </div>
        )}
        {dialog}
        <div className="flex items-center gap-2">
          {decide.data ? (
            <p role="status" className="text-sm font-medium text-emerald-700">
              {decide.data.status === "approved" ? t("approved", { business }) : t("rejected", { business })}
            </p>
          ) : rejecting ? (
            <>
              <Button variant="danger" busy={decide.isPending} onClick={reject}>
                {t("confirmReject")}
              </Button>
              <Button
                variant="ghost"
                onClick={() => {
                  setRejecting(false);
                  setReasonError(undefined);
                }}
              >
                {t("cancel")}
              </Button>
            </>
          ) : (
            <>
              <Button busy={decide.isPending} onClick={approve}>
                {t("approve")}
              </Button>
              <Button variant="secondary" onClick={() => setRejecting(true)}>
                {t("reject")}
              </Button>
            </>
          )}
          {decide.isError && (
            <p role="alert" className="text-sm text-red-700">
              {errorMessage(decide.error)}
            </p>
          )}
        </div>
      </footer>
    </article>
  );
}
