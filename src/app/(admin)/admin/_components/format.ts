/** One way to show times and numbers across the console: UTC, unambiguous day-month order. */
const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

export const formatDateTime = (d: Date | string) => `${dateTime.format(new Date(d))} UTC`;
export const formatNumber = (n: number) => n.toLocaleString("en");
