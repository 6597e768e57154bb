/** Team schemas without server imports, so browser forms validate with them too. */
import { z } from "zod";
import { emailSchema, passwordSchema, personNameSchema } from "@/server/services/users/schemas";

export const roleSchema = z.enum(["owner", "developer", "viewer"], { error: "Choose a role" });
export const invitationTokenSchema = z.string().min(20).max(100);

export const invitedSignUpInput = z.object({
  token: invitationTokenSchema,
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
});
