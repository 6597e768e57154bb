/** Team schemas shared by the services and the browser forms. */
import { z } from "zod";
import { emailSchema, passwordSchema, localeSchema, personNameSchema } from "./accounts";

export const roleSchema = z.enum(["owner", "developer", "viewer"], { error: "Choose a role" });
export const invitationTokenSchema = z.string().min(20).max(100);

export const invitedSignUpInput = z.object({
  token: invitationTokenSchema,
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  locale: localeSchema,
});
