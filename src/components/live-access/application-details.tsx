import type { z } from "zod";
import { formatNumber } from "@/components/format";
import type { liveAccessApplicationSchema } from "@/contracts/live-access";

export type ApplicationFields = z.output<typeof liveAccessApplicationSchema>;

/** A live-access application's answers, as the reviewer and the business both read them. */
export function ApplicationDetails({ application: a }: { application: ApplicationFields }) {
  return (
    <dl className="grid grid-cols-1 gap-x-6 gap-y-3 text-sm md:grid-cols-3">
      <Detail label="Legal name" value={a.legalName} />
      <Detail label="Registration number" value={a.registrationNumber} />
      <Detail label="Country" value={a.country} />
      <Detail label="Address" value={a.address} />
      <Detail label="Contact" value={`${a.contactName} <${a.contactEmail}>`} />
      <Detail label="Expected monthly volume" value={formatNumber(a.expectedMonthlyVolume)} />
      <div className="md:col-span-3">
        <Detail label="Intended use" value={a.intendedUse} />
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
