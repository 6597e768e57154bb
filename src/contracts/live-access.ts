/**
 * The live-access application form and an admin's decision on it (product rules §2). Shared by
 * the services and the portal's forms, so both report the same field errors.
 */
import { z } from "zod";

export const liveAccessApplicationSchema = z.object({
  legalName: z.string().trim().min(2, "Enter the registered legal name").max(200),
  registrationNumber: z.string().trim().min(2, "Enter the company registration number").max(100),
  country: z.string().trim().min(2, "Enter the country of registration").max(100),
  address: z.string().trim().min(5, "Enter the registered address").max(500),
  contactName: z.string().trim().min(1, "Enter the contact person's name").max(120),
  contactEmail: z.email({ error: "Enter a valid email address" }).max(254),
  intendedUse: z.string().trim().min(20, "Describe the intended use in at least 20 characters").max(2000),
  // Form inputs give strings; an empty one means "not answered", not 0.
  expectedMonthlyVolume: z.preprocess(
    (v) => (typeof v === "string" && v.trim() === "" ? undefined : v),
    z.coerce
      .number({ error: "Enter the expected number of verifications per month" })
      .int("Enter a whole number")
      .min(1, "Enter at least 1")
      .max(100_000_000, "Enter at most 100,000,000"),
  ),
});

export type LiveAccessApplicationForm = z.input<typeof liveAccessApplicationSchema>;

/** A platform admin's decision: a rejection gives the business its reason. */
export const decideLiveAccessInput = z.discriminatedUnion("decision", [
  z.object({ applicationId: z.uuid(), decision: z.literal("approve") }),
  z.object({
    applicationId: z.uuid(),
    decision: z.literal("reject"),
    reason: z.string().trim().min(5, "Give the business a reason (at least 5 characters)").max(1000),
  }),
]);
