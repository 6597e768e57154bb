import { z } from "zod";

/** A platform admin's grant of live credits: checked in the browser before the confirmation, and again by the service. */
export const grantCreditsInput = z.object({
  businessId: z.uuid(),
  amount: z.number().int().min(1).max(100_000_000),
  note: z.string().trim().max(500).optional(),
});
