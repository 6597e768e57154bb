import Link from "next/link";
import { notFound } from "next/navigation";
import { z } from "zod";
import { PrintButton } from "@/components/history/print-button";
import { RedactButton } from "@/components/history/redact-button";
import { ResultBadge } from "@/components/portal/result-badge";
import { MatchSummary } from "@/components/verify/match-summary";
import { formatDateTime } from "@/components/format";
import type { ConsentRecord } from "@/contracts/verifications";
import { getMemberServiceContext } from "@/server/auth/portal-session";
import { AppError } from "@/server/errors";
import { getVerificationCertificate } from "@/server/services/verifications/get-verification-certificate";

export const metadata = { title: "Verification certificate" };

const CHANNEL_LABELS = { api: "API", portal: "Portal", batch: "Batch" } as const;

async function loadCertificate(id: string) {
  const member = await getMemberServiceContext();
  if (!member || !z.uuid().safeParse(id).success) return null;
  try {
    const certificate = await getVerificationCertificate(member.ctx, { id, businessId: member.businessId, mode: member.mode });
    return { ...certificate, canRedact: member.role === "owner" && certificate.redactedAt === null };
  } catch (error) {
    if (error instanceof AppError && error.code === "NOT_FOUND") return null;
    throw error;
  }
}

const CONSENT_METHOD: Record<ConsentRecord["method"], string> = { written: "Written", electronic: "Electronic", verbal: "Verbal" };

function consentText(consent: ConsentRecord): string {
  const given = `${CONSENT_METHOD[consent.method]}, given ${formatDateTime(consent.obtainedAt)}`;
  return consent.reference ? `${given} (reference ${consent.reference})` : given;
}

export default async function CertificatePage({ params }: { params: Promise<{ id: string }> }) {
  const certificate = await loadCertificate((await params).id);
  if (!certificate) notFound();
  const rows: [string, React.ReactNode][] = [
    ["Reference", <span key="r" className="font-mono">{certificate.reference}</span>],
    ["Outcome", <ResultBadge key="o" result={certificate.result} />],
    ["Time", formatDateTime(certificate.createdAt)],
    ["Business", certificate.businessName],
    ["Purpose", certificate.purpose ?? "Not given"],
    ...(certificate.match ? ([["Identity match", <MatchSummary key="m" match={certificate.match} />]] as [string, React.ReactNode][]) : []),
    ["Consent", certificate.consent ? consentText(certificate.consent) : "Not recorded"],
    ["National ID", <span key="n" className="font-mono">{certificate.maskedNationalId}</span>],
    ...(certificate.redactedAt ? ([["Redacted", formatDateTime(certificate.redactedAt)]] as [string, React.ReactNode][]) : []),
    ["Channel", CHANNEL_LABELS[certificate.channel]],
    ["Environment", certificate.mode === "live" ? "Live (national registry)" : "Test (sandbox data)"],
  ];
  return (
    <div className="mx-auto max-w-2xl">
      <div className="mb-4 flex items-center justify-between print:hidden">
        <Link href="/history" className="text-sm font-medium text-blue-800 hover:underline">
          ← Back to history
        </Link>
        <div className="flex gap-2">
          {certificate.canRedact && <RedactButton id={certificate.id} reference={certificate.reference} />}
          <PrintButton />
        </div>
      </div>
      <article className="rounded-lg bg-white p-8 shadow-sm ring-1 ring-slate-200 print:p-0 print:shadow-none print:ring-0">
        <header className="border-b border-slate-200 pb-4">
          <p className="text-sm font-semibold tracking-tight text-blue-900">Hubi</p>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900">Identity verification certificate</h1>
          {certificate.mode === "test" && <p className="mt-1 text-sm font-semibold text-amber-700">TEST MODE — not a real verification</p>}
        </header>
        <dl className="mt-6 grid grid-cols-[10rem_1fr] gap-y-3 text-sm">
          {rows.map(([label, value]) => (
            <div key={label} className="contents">
              <dt className="text-slate-500">{label}</dt>
              <dd className="text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
        <p className="mt-8 text-xs text-slate-500">
          This certificate records that the business above checked the national ID against the {certificate.mode === "live" ? "national registry" : "Hubi sandbox"} at
          the time shown. Quote the reference number in any enquiry. Verification id: {certificate.id}
        </p>
      </article>
    </div>
  );
}
