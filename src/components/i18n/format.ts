import { useFormatter, useTranslations } from "next-intl";

type Formatter = ReturnType<typeof useFormatter>;
type TimeTranslator = (key: "utc", values: { time: string }) => string;

/** The portal's one date, time and number format (src/i18n/formats.ts), in the reader's language. */
export function portalFormat(format: Formatter, t: TimeTranslator) {
  return {
    /** A moment, with its time zone: "23 Nov 2026, 09:30 UTC". */
    dateTime: (d: Date | string) => t("utc", { time: format.dateTime(new Date(d), "dateTime") }),
    date: (d: Date | string) => format.dateTime(new Date(d), "date"),
    dayMonth: (d: Date | string) => format.dateTime(new Date(d), "dayMonth"),
    number: (n: number) => format.number(n),
  };
}

export type PortalFormat = ReturnType<typeof portalFormat>;

export function useFormat(): PortalFormat {
  return portalFormat(useFormatter(), useTranslations("common.time"));
}
