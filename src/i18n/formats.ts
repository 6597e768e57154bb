import type { Formats } from "next-intl";

/**
 * The portal's one way to show dates and numbers, in either language. Times are in UTC
 * everywhere, as in the API and the CSV export, and say so.
 */
export const TIME_ZONE = "UTC";

export const FORMATS = {
  dateTime: {
    dateTime: { day: "numeric", month: "short", year: "numeric", hour: "2-digit", minute: "2-digit", hourCycle: "h23" },
    date: { day: "numeric", month: "short", year: "numeric" },
    dayMonth: { day: "numeric", month: "short" },
  },
  number: {
    percent: { style: "percent", maximumFractionDigits: 1 },
  },
} satisfies Formats;
