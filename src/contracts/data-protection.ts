/** A business's data-protection settings (product rules §19), shared by the portal and the server. */
import { z } from "zod";

export const RETENTION_YEARS = [1, 2, 5, 7] as const;
export type RetentionYears = (typeof RETENTION_YEARS)[number];
export const DEFAULT_RETENTION_YEARS: RetentionYears = 5;

export const retentionYearsSchema = z.union(RETENTION_YEARS.map((y) => z.literal(y)) as [z.ZodLiteral<1>, z.ZodLiteral<2>, z.ZodLiteral<5>, z.ZodLiteral<7>], {
  error: "Keep the history for 1, 2, 5 or 7 years",
});
