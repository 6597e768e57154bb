import { historyFiltersSchema } from "@/server/services/verifications/history-filters";

/** The history filters as they travel in the URL: `?result=&channel=&from=YYYY-MM-DD&to=YYYY-MM-DD`. */
export const HISTORY_FILTER_KEYS = ["result", "channel", "from", "to"] as const;

/** `to` is a day the user picked, so it is inclusive: the exclusive bound is the next midnight (UTC). */
export function historyFiltersFromSearchParams(params: URLSearchParams) {
  const day = (v: string | null, plusDays = 0) => {
    if (!v) return undefined;
    const d = new Date(`${v}T00:00:00.000Z`);
    return Number.isNaN(d.getTime()) ? new Date(NaN) : new Date(d.getTime() + plusDays * 86_400_000);
  };
  return historyFiltersSchema.safeParse({
    result: params.get("result") || undefined,
    channel: params.get("channel") || undefined,
    from: day(params.get("from")),
    to: day(params.get("to"), 1),
  });
}
