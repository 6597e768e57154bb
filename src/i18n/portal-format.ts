import type { createFormatter } from "next-intl";

type Formatter = Pick<ReturnType<typeof createFormatter>, "number">;
export type TimeTranslator = (key: string, values?: Record<string, string | number>) => string;

const pad = (n: number) => String(n).padStart(2, "0");

/**
 * The portal's one date, time and number format, in the reader's language. Dates are built from
 * the message files (common.time: the pattern and the month names), not from the browser's
 * calendar data: browsers do not all carry Somali's, and a server-rendered date must read the same
 * after the browser takes over. Times are UTC everywhere, as in the API and the CSV export.
 */
export function portalFormat(format: Formatter, t: TimeTranslator) {
  const parts = (d: Date | string) => {
    const at = new Date(d);
    return {
      day: String(at.getUTCDate()),
      month: t(`months.${at.getUTCMonth()}`),
      year: String(at.getUTCFullYear()),
      time: `${pad(at.getUTCHours())}:${pad(at.getUTCMinutes())}`,
    };
  };
  return {
    /** A moment, with its time zone: "23 Nov 2026, 09:30 UTC". */
    dateTime: (d: Date | string) => t("dateTime", parts(d)),
    date: (d: Date | string) => t("date", parts(d)),
    number: (n: number) => format.number(n),
    /** A share (0.125) as a percentage: "12.5%". */
    percent: (fraction: number) => format.number(fraction, { style: "percent", maximumFractionDigits: 1 }),
  };
}

export type PortalFormat = ReturnType<typeof portalFormat>;

