import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { z } from "zod";
import { PrintButton } from "@/components/history/print-button";
import { RedactButton } from "@/components/history/redact-button";
import { DangerZone } from "@/components/ui/danger-zone";
import { ResultBadge } from "@/components/portal/result-badge";
import { MatchSummary } from "@/components/verify/match-summary";
import { getFormat } from "@/components/i18n/server-format";
import { pageTitle } from "@/i18n/page-title";
import type { ConsentRecord } from "@/contracts/verifications";
import { getMemberServiceContext } from "@/server/auth/portal-session";
import { AppError } from "@/server/errors";
import { getVerificationCertificate } from "@/server/verifications/get-verification-certificate";

export const generateMetadata = pageTitle("history", "certificate.title");

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

type Translate = Awaited<ReturnType<typeof getTranslations<"history.certificate">>>;

function consentText(consent: ConsentRecord, t: Translate, time: string): string {
  const values = { method: consent.method, time };
  return consent.reference ? t("consentWithReference", { ...values, reference: consent.reference }) : t("consent", values);
}

export default async function CertificatePage({ params }: { params: Promise<{ id: string }> }) {
  const certificate = await loadCertificate((await params).id);
  if (!certificate) notFound();
  const [t, channels, format] = await Promise.all([getTranslations("history.certificate"), getTranslations("history.channels"), getFormat()]);
  const rows: [string, React.ReactNode][] = [
    [t("rows.reference"), <span key="r" className="font-mono">{certificate.reference}</span>],
    [t("rows.outcome"), <ResultBadge key="o" result={certificate.result} />],
    [t("rows.time"), format.dateTime(certificate.createdAt)],
    [t("rows.business"), certificate.businessName],
    [t("rows.purpose"), certificate.purpose ?? t("notGiven")],
    ...(certificate.match ? ([[t("rows.match"), <MatchSummary key="m" match={certificate.match} />]] as [string, React.ReactNode][]) : []),
    [t("rows.consent"), certificate.consent ? consentText(certificate.consent, t, format.dateTime(certificate.consent.obtainedAt)) : t("notRecorded")],
    [t("rows.nationalId"), <span key="n" className="font-mono">{certificate.maskedNationalId}</span>],
    ...(certificate.redactedAt ? ([[t("rows.redacted"), format.dateTime(certificate.redactedAt)]] as [string, React.ReactNode][]) : []),
    [t("rows.channel"), channels(certificate.channel)],
    [t("rows.environment"), t(`environment.${certificate.mode}`)],
  ];
  return (
    <div className="mx-auto max-w-2xl">
      <div className="mb-4 flex items-center justify-between print:hidden">
        <Link href="/history" className="text-sm font-medium text-blue-800 hover:underline">
          {t("back")}
        </Link>
        <PrintButton />
      </div>
      <article className="rounded-lg bg-white p-8 shadow-sm ring-1 ring-slate-200 print:p-0 print:shadow-none print:ring-0">
        <header className="border-b border-slate-200 pb-4">
          <p className="text-sm font-semibold tracking-tight text-blue-900">Hubi</p>
          <h1 className="mt-1 text-2xl font-semibold text-slate-900">{t("heading")}</h1>
          {certificate.mode === "test" && <p className="mt-1 text-sm font-semibold text-amber-700">{t("testMode")}</p>}
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
          {t("footer", { mode: certificate.mode, id: certificate.id })}
        </p>
      </article>
      {certificate.canRedact && (
        <DangerZone className="mt-8">
          <RedactButton id={certificate.id} reference={certificate.reference} />
        </DangerZone>
      )}
    </div>
  );
}
