import type { VerificationResult } from "@/contracts/verifications";
import type { BadgeTone } from "@/components/ui/badge";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });
const date = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: "UTC" });
const number = new Intl.NumberFormat("en-GB");

// English-only formatting for the areas not translated yet (src/i18n/not-yet-translated.txt);
// translated pages use useFormat/getFormat (src/components/i18n/format.ts). Times are UTC.
export const formatDateTime = (d: Date | string) => `${dateTime.format(new Date(d))} UTC`;
export const formatDate = (d: Date | string) => date.format(new Date(d));
export const formatNumber = (n: number) => number.format(n);

/** How each verification result looks (the history filter, badges and usage chart list every one); its name in either language is in common.results. */
export const RESULTS = {
  verified: { tone: "success", color: "#047857" },
  not_found: { tone: "neutral", color: "#64748b" },
  expired: { tone: "warning", color: "#d97706" },
  revoked: { tone: "danger", color: "#b91c1c" },
  deceased: { tone: "danger", color: "#6d28d9" },
  pending: { tone: "info", color: "#1d4ed8" },
  unavailable: { tone: "neutral", color: "#94a3b8" },
} as const satisfies Record<VerificationResult, { tone: BadgeTone; color: string }>;

export type ResultKey = keyof typeof RESULTS;
