/** The portal history's filters, shared by the list, the CSV export and the filter form. */
import { z } from "zod";
import { channelSchema, verificationResultSchema } from "./verifications";

export const historyFiltersSchema = z
  .object({
    result: verificationResultSchema.optional(),
    channel: channelSchema.optional(),
    /** Inclusive start and exclusive end, as instants. */
    from: z.date().optional(),
    to: z.date().optional(),
    /** A verification's reference or any part of it, as printed on its certificate (case and spaces do not matter). */
    reference: z
      .string()
      .overwrite((s) => s.replace(/\s+/g, "").toUpperCase())
      .max(40, "A reference is at most 40 characters, like HV-20261122-7KQ2M9XD")
      .regex(/^[A-Z0-9-]*$/, "A reference has letters, digits and dashes only, like HV-20261122-7KQ2M9XD")
      .optional(),
    last4: z.string().trim().regex(/^[0-9]{4}$/, "Enter the last four digits of the national ID").optional(),
  })
  .refine((f) => !(f.from && f.to && f.from > f.to), { path: ["from"], message: "The start date must not be after the end date" });

export type HistoryFilters = z.infer<typeof historyFiltersSchema>;

/** The filters as they travel in the portal's URLs: `?result=&channel=&from=YYYY-MM-DD&to=YYYY-MM-DD&reference=&last4=`. */
export const HISTORY_FILTER_KEYS = ["result", "channel", "from", "to", "reference", "last4"] as const;

/** `to` is a day the user picked, so it is inclusive: the exclusive bound is the next midnight (UTC). */
export function historyFiltersFromSearchParams(params: URLSearchParams) {
  const day = (value: string | null, plusDays = 0) => {
    if (!value) return undefined;
    const start = new Date(`${value}T00:00:00.000Z`).getTime();
    return new Date(start + plusDays * 86_400_000);
  };
  return historyFiltersSchema.safeParse({
    result: params.get("result") || undefined,
    channel: params.get("channel") || undefined,
    from: day(params.get("from")),
    to: day(params.get("to"), 1),
    reference: params.get("reference") || undefined,
    last4: params.get("last4") || undefined,
  });
}
