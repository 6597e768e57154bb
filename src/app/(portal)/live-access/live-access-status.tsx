/** Where the business stands, in words, with the reviewer's reason after a rejection. */
type Status = {
  liveAccess: "none" | "pending" | "approved" | "rejected";
  latestApplication: { status: string; rejectionReason: string | null; createdAt: Date; decidedAt: Date | null } | null;
};

const day = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });

const COPY = {
  none: { tone: "border-slate-200 bg-white", title: "Not requested yet", body: "Apply below to use live keys." },
  pending: {
    tone: "border-amber-200 bg-amber-50",
    title: "Application under review",
    body: "We will notify you by webhook and here when a decision is made.",
  },
  approved: {
    tone: "border-emerald-200 bg-emerald-50",
    title: "Live access approved",
    body: "Your business is on the enterprise plan. Create live keys on the API keys page.",
  },
  rejected: { tone: "border-red-200 bg-red-50", title: "Application rejected", body: "You can address the reason below and apply again." },
} as const;

export function LiveAccessStatus({ status }: { status: Status }) {
  const copy = COPY[status.liveAccess];
  const application = status.latestApplication;
  return (
    <section aria-label="Live access status" className={`rounded-lg border px-4 py-3 ${copy.tone}`}>
      <h2 className="font-semibold">{copy.title}</h2>
      <p className="mt-1 text-sm text-slate-700">{copy.body}</p>
      {application && (
        <p className="mt-1 text-xs text-slate-500">
          Submitted {day.format(new Date(application.createdAt))}
          {application.decidedAt && ` · decided ${day.format(new Date(application.decidedAt))}`}
        </p>
      )}
      {status.liveAccess === "rejected" && application?.rejectionReason && (
        <p className="mt-3 rounded-md bg-white/70 px-3 py-2 text-sm">
          <span className="font-medium">Reason: </span>
          {application.rejectionReason}
        </p>
      )}
    </section>
  );
}
