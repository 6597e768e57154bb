/**
 * Times are in UTC everywhere, as in the API and the CSV export. Dates are written from the
 * message files (src/components/i18n/format.ts); numbers and plurals use next-intl's formatters.
 */
export const TIME_ZONE = "UTC";
