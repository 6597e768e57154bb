/** Team schemas shared by the services and the browser forms. */
import { z } from "zod";
import { emailSchema, passwordSchema, localeSchema, personNameSchema } from "./accounts";

export const roleSchema = z.enum(["owner", "developer", "viewer"], { error: "Choose a role" });
export const invitationTokenSchema = z.string().min(20).max(100);

/** Where to email an invitation link; optional (the link is shown to the inviter either way). */
export const invitationEmailSchema = z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), emailSchema.optional());

export const invitedSignUpInput = z.object({
  token: invitationTokenSchema,
  name: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  locale: localeSchema,
});
