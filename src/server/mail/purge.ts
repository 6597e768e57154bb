import { pool } from "@/server/db/client";

/** Sent and given-up emails are kept this long (for support questions), then deleted. */
export const EMAIL_KEPT_DAYS = 30;

/**
 * Housekeeping: what was emailed (addresses, business names, an admin's sign-in address) is not
 * kept beyond 30 days, nor password reset links beyond a day past their expiry.
 */
export async function purgeOldEmails(): Promise<number> {
  const emails = await pool().query(
    "DELETE FROM email_message WHERE status <> 'pending' AND created_at < now() - make_interval(days => $1)",
    [EMAIL_KEPT_DAYS],
  );
  const resets = await pool().query("DELETE FROM password_reset WHERE expires_at < now() - interval '1 day'");
  return (emails.rowCount ?? 0) + (resets.rowCount ?? 0);
}
