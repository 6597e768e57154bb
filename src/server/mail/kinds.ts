/**
 * The emails Hubi sends and what each one shows (product rules §25). `params` are stored with the
 * queued message, so they hold nothing secret; a link's token travels sealed beside them.
 */
import type { Mode, Role } from "@/generated/prisma/enums";

export type EmailParams = {
  invitation: { businessName: string; inviterName: string; role: Role; expiresAt: string };
  password_reset: Record<string, never>;
  live_access_approved: { businessName: string };
  live_access_rejected: { businessName: string; reason: string };
  credits_low: { businessName: string; balance: number; threshold: number };
  credits_exhausted: { businessName: string; balance: number; threshold: number };
  webhook_disabled: { businessName: string; mode: Mode; url: string; reason: "gone" | "failing" };
  consent_default_changed: { businessName: string };
  admin_sign_in: { at: string; address: string | null; browser: string | null };
  sign_in_failures: { at: string };
  email_confirmation: { businessName: string };
  sign_up_attempted: Record<string, never>;
};

export type EmailKind = keyof EmailParams;

/** The kinds whose link carries a secret token (sealed in the queue, cleared once sent). */
export const TOKEN_LINKS: Partial<Record<EmailKind, (token: string) => string>> = {
  invitation: (token) => `/invite/${token}`,
  password_reset: (token) => `/reset-password/${token}`,
  email_confirmation: (token) => `/confirm-email/${token}`,
};
