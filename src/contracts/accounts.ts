/** Account fields shared by the services and the browser forms, so both report the same errors. */
import { z } from "zod";
import { DEFAULT_LOCALE, LOCALES } from "@/i18n/locales";

export const PASSWORD_MIN_LENGTH = 10;

export const localeSchema = z.enum(LOCALES).default(DEFAULT_LOCALE);

export const emailSchema = z
  .email({ error: "Enter a valid email address" })
  .max(254)
  .transform((e) => e.toLowerCase());

export const passwordSchema = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, "Password must be at most 200 characters");

export const personNameSchema = z.string().trim().min(1, "Enter your name").max(120);
export const businessNameSchema = z.string().trim().min(2, "Enter the business name").max(120);

/** What the public sign-up form may set (never the plan or live access). */
export const signUpInput = z.object({
  businessName: businessNameSchema,
  ownerName: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  /** The language the person was reading when they signed up: their portal and emails keep it. */
  locale: localeSchema,
});

/** A code from an authenticator app (6 digits) or a recovery code (`xxxx-xxxx-xx`). */
export const twoFactorCodeSchema = z.string().trim().min(6, "Enter the 6-digit code from your app").max(20, "Enter the 6-digit code from your app");

export const changePasswordInput = z
  .object({ currentPassword: z.string().min(1, "Enter your current password").max(200), newPassword: passwordSchema })
  .refine((p) => p.currentPassword !== p.newPassword, { path: ["newPassword"], message: "Choose a password different from the current one" });

/** The portal's and emails' language a signed-in user chooses. */
export const setLocaleInput = z.object({ locale: z.enum(LOCALES) });

/** Asking for a password reset link: only the address (the answer is the same whether it has an account). */
export const requestPasswordResetInput = z.object({ email: emailSchema });

export const passwordResetTokenSchema = z.string().min(20).max(100);

export const resetPasswordInput = z.object({ token: passwordResetTokenSchema, password: passwordSchema });

/** Confirming a new account's email address: the emailed link's token and the password chosen at sign-up. */
export const confirmEmailInput = z.object({ token: passwordResetTokenSchema, password: z.string().min(1, "Enter your password").max(200) });
