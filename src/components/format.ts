import type { BadgeTone } from "@/components/ui/badge";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const number = new Intl.NumberFormat("en-GB");

// Times are shown in UTC everywhere, as in the API and the CSV export.
export const formatDateTime = (d: Date | string) => `${dateTime.format(new Date(d))} UTC`;
export const formatDate = (d: Date | string) => date.format(new Date(d));
export const formatNumber = (n: number) => number.format(n);

export const RESULTS = {
  verified: { label: "Verified", tone: "success", color: "#047857" },
  not_found: { label: "Not found", tone: "neutral", color: "#64748b" },
  expired: { label: "Expired", tone: "warning", color: "#d97706" },
  revoked: { label: "Revoked", tone: "danger", color: "#b91c1c" },
} as const satisfies Record<string, { label: string; tone: BadgeTone; color: string }>;

export type ResultKey = keyof typeof RESULTS;
