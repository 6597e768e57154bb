/**
 * Sends one queued email, in three steps like a webhook delivery (src/server/webhooks/deliver-next.ts),
 * none holding a database connection while the SMTP server is talked to:
 *  1. claim: lease the most overdue pending message (SKIP LOCKED: workers share the queue);
 *  2. render it in the recipient's language and hand it to the SMTP server;
 *  3. record the outcome while the lease is still ours: sent (its token cleared), or due again
 *     later, or, after the last retry, failed.
 * A worker that dies between 2 and 3 leaves the lease to expire and the message is sent again:
 * at least once, with the same Message-ID.
 */
import { randomUUID } from "node:crypto";
import { env } from "@/env";
import { pool } from "@/server/db/client";
import { decrypt } from "@/server/crypto/secrets";
import { describeError } from "@/server/observability/logger";
import { observeJob } from "@/server/observability/observe";
import { TOKEN_LINKS, type EmailKind, type EmailParams } from "./kinds";
import { renderEmail } from "./render";
import { sealingContext } from "./enqueue";
import { mailTransport } from "./transport";

/** Longer than the transport's timeouts put together. */
const LEASE_SECONDS = 120;
/** Seconds before each retry: about two days in all, then the message is given up. */
const RETRY_SECONDS = [60, 300, 1800, 7200, 21600, 43200, 86400];

type Claimed = { id: string; kind: EmailKind; to_address: string; locale: string; params: EmailParams[EmailKind]; sealed: Buffer | null; attempt_count: number };

const CLAIM_SQL = `
WITH candidate AS (
  SELECT id FROM email_message
   WHERE status = 'pending' AND next_attempt_at <= now()
   ORDER BY next_attempt_at
   LIMIT 1
   FOR UPDATE SKIP LOCKED
)
UPDATE email_message m
   SET lease_token = $1::uuid, leased_until = now() + make_interval(secs => $2), next_attempt_at = now() + make_interval(secs => $2)
  FROM candidate WHERE m.id = candidate.id
RETURNING m.id, m.kind, m.to_address, m.locale, m.params, m.sealed, m.attempt_count`;

const SENT_SQL = `
UPDATE email_message SET status = 'sent', sent_at = now(), sealed = NULL, attempt_count = attempt_count + 1, last_error = NULL,
       next_attempt_at = NULL, lease_token = NULL, leased_until = NULL
 WHERE id = $1 AND lease_token = $2::uuid`;

/** $3 the error, $4 seconds until the next attempt (null: give up). */
const FAILED_SQL = `
UPDATE email_message SET attempt_count = attempt_count + 1, last_error = $3, lease_token = NULL, leased_until = NULL,
       status = CASE WHEN $4::int IS NULL THEN 'failed' ELSE 'pending' END,
       sealed = CASE WHEN $4::int IS NULL THEN NULL ELSE sealed END,
       next_attempt_at = CASE WHEN $4::int IS NULL THEN NULL ELSE now() + make_interval(secs => $4::int) END
 WHERE id = $1 AND lease_token = $2::uuid`;

/** Where links in emails lead: the portal's own URL. */
function portalUrl(): string {
  const url = env().NEXTAUTH_URL ?? env().PUBLIC_BASE_URL;
  if (!url) throw new Error("Set NEXTAUTH_URL (the portal's URL) so that emails can link to it");
  return url;
}

async function send(message: Claimed): Promise<void> {
  const transport = mailTransport();
  if (!transport) throw new Error("SMTP_URL is not set");
  const tokenLink = TOKEN_LINKS[message.kind];
  const link = tokenLink && message.sealed ? tokenLink(decrypt(message.sealed, sealingContext(message.id))) : undefined;
  const rendered = renderEmail(message.kind, message.locale, message.params, portalUrl(), link);
  await transport.sendMail({
    from: env().MAIL_FROM,
    to: message.to_address,
    subject: rendered.subject,
    text: rendered.text,
    html: rendered.html,
    messageId: `<${message.id}@hubi.email>`,
    headers: { "Content-Language": message.locale },
  });
}

/** Sends the most overdue queued email; false when there was none due (or no SMTP server configured). */
export async function sendNextEmail(): Promise<boolean> {
  if (!mailTransport()) return false;
  const started = performance.now();
  const lease = randomUUID();
  const { rows } = await pool().query<Claimed>(CLAIM_SQL, [lease, LEASE_SECONDS]);
  const message = rows[0];
  if (!message) return false;
  try {
    await send(message);
    await pool().query(SENT_SQL, [message.id, lease]);
    observeJob("email", "sent", started, { emailId: message.id, kind: message.kind, attempt: message.attempt_count + 1 });
  } catch (err) {
    const retryIn = RETRY_SECONDS[message.attempt_count] ?? null;
    const described = describeError(err);
    // The kind of failure and the SMTP reply code, never the server's text (it may quote the address).
    const smtpCode = (err as { responseCode?: number }).responseCode ?? null;
    observeJob("email", retryIn === null ? "failed" : "retrying", started, {
      emailId: message.id,
      kind: message.kind,
      attempt: message.attempt_count + 1,
      retryIn,
      smtpCode,
      ...described,
    });
    const lastError = [described.errorType, described.errorCode, smtpCode].filter((v) => v !== null && v !== undefined).join(" ");
    await pool().query(FAILED_SQL, [message.id, lease, lastError, retryIn]);
  }
  return true;
}
