import { z } from "zod";
import { channelSchema, verificationResultSchema } from "@/contracts/verifications";

/** The portal history's filters, shared by the list, the CSV export and the filter form. */
export const historyFiltersSchema = z
  .object({
    result: verificationResultSchema.optional(),
    channel: channelSchema.optional(),
    /** Inclusive start and exclusive end, as instants. */
    from: z.date().optional(),
    to: z.date().optional(),
  })
  .refine((f) => !(f.from && f.to && f.from > f.to), { path: ["from"], message: "The start date must not be after the end date" });

export type HistoryFilters = z.infer<typeof historyFiltersSchema>;

export function historyWhere(businessId: string, mode: "test" | "live", f: HistoryFilters) {
  return {
    businessId,
    mode,
    ...(f.result ? { result: f.result } : {}),
    ...(f.channel ? { channel: f.channel } : {}),
    ...(f.from || f.to ? { createdAt: { ...(f.from ? { gte: f.from } : {}), ...(f.to ? { lt: f.to } : {}) } } : {}),
  };
}
