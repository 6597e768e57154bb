import { z } from "zod";
import { businessNameSchema, emailSchema, passwordSchema, personNameSchema } from "@/server/services/users/schemas";

/**
 * What the public sign-up form may set (never the plan or live access). Free of server imports
 * so the form validates with it in the browser too.
 */
export const signUpInput = z.object({
  businessName: businessNameSchema,
  ownerName: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
