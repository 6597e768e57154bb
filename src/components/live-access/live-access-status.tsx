"use client";
import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/format";

/** Where the business stands, in words, with the reviewer's reason after a rejection. */
type Status = {
  liveAccess: "none" | "pending" | "approved" | "rejected";
  latestApplication: { status: string; rejectionReason: string | null; createdAt: Date; decidedAt: Date | null } | null;
};

const TONES = {
  none: "border-slate-200 bg-white",
  pending: "border-amber-200 bg-amber-50",
  approved: "border-emerald-200 bg-emerald-50",
  rejected: "border-red-200 bg-red-50",
} as const;

export function LiveAccessStatus({ status }: { status: Status }) {
  const t = useTranslations("live-access.status");
  const format = useFormat();
  const application = status.latestApplication;
  return (
    <section aria-label={t("label")} className={`rounded-lg border px-4 py-3 ${TONES[status.liveAccess]}`}>
      <h2 className="font-semibold">{t(`${status.liveAccess}.title`)}</h2>
      <p className="mt-1 text-sm text-slate-700">{t(`${status.liveAccess}.body`)}</p>
      {application && (
        <p className="mt-1 text-xs text-slate-500">
          {t("submitted", { date: format.date(application.createdAt) })}
          {application.decidedAt && ` · ${t("decided", { date: format.date(application.decidedAt) })}`}
        </p>
      )}
      {status.liveAccess === "rejected" && application?.rejectionReason && (
        <p className="mt-3 rounded-md bg-white/70 px-3 py-2 text-sm">
          <span className="font-medium">{t("reason")}</span>
          {application.rejectionReason}
        </p>
      )}
    </section>
  );
}
