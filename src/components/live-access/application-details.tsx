import type { z } from "zod";
import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/format";
import type { liveAccessApplicationSchema } from "@/contracts/live-access";

export type ApplicationFields = z.output<typeof liveAccessApplicationSchema>;

/** A live-access application's answers, as the reviewer and the business both read them. */
export function ApplicationDetails({ application: a }: { application: ApplicationFields }) {
  const t = useTranslations("live-access.details");
  const format = useFormat();
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm md:grid-cols-3">
      <Detail label={t("legalName")} value={a.legalName} />
      <Detail label={t("registrationNumber")} value={a.registrationNumber} />
      <Detail label={t("country")} value={a.country} />
      <Detail label={t("address")} value={a.address} />
      <Detail label={t("contact")} value={`${a.contactName} <${a.contactEmail}>`} />
      <Detail label={t("volume")} value={format.number(a.expectedMonthlyVolume)} />
      <div className="md:col-span-3">
        <Detail label={t("intendedUse")} value={a.intendedUse} />
      </div>
    </dl>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 whitespace-pre-line break-words text-slate-900">{value}</dd>
    </div>
  );
}
