/**
 * Periodic housekeeping in every app process (idempotent, cheap when there is nothing to do):
 * expired idempotency records and the answers of pending lookups 24 h after their completion (both
 * hold encrypted citizen details), request-log entries older
 * than the 30 days the portal shows, rate-limit windows nobody has hit for a day (each
 * sign-in address and account leaves one, and so do the per-account sign-in failures), form submissions older than a day, sent emails older
 * than 30 days and spent password reset links, verifications past their business's retention
 * period (redacted; a row becomes due at most one pass after its day, so "daily" is met with room),
 * the one-time notice to owners whose consent setting followed the new default, the credits of
 * verifies whose process died before their outcome (refund-orphaned-reservations.ts),
 * the registry gateway's per-minute figures and gone processes' circuits after a day,
 * and an audit checkpoint when a chain moved (several processes share one: the database lets one
 * write it per interval).
 */
import { purgeExpiredIdempotencyRecords } from "@/server/verifications/idempotency";
import { purgeCompletedLookups } from "@/server/verifications/pending-lookup";
import { flushRequestLog, purgeOldRequestLog } from "@/server/http/request-log";
import { onShutdown } from "@/server/jobs/shutdown";
import { describeError } from "@/server/observability/logger";
import { observeJob } from "@/server/observability/observe";
import { purgeIdleRateLimitWindows } from "@/server/ratelimit/postgres";
import { applyRetention } from "@/server/data-protection/apply-retention";
import { purgeOldSubmissions } from "@/server/submissions";
import { purgeOldEmails } from "@/server/mail/purge";
import { notifyConsentDefaultChange } from "@/server/data-protection/notify-consent-default-change";
import { purgeOldSignInFailures } from "@/server/accounts/account-throttle";
import { writeAuditCheckpoint } from "@/server/audit/audit-checkpoint";
import { refundOrphanedReservations } from "@/server/credits/refund-orphaned-reservations";
import { purgeOldGatewayFigures } from "@/server/registry/gateway/figures";

const EVERY_MS = 5 * 60_000;

export function startMaintenance(): void {
  const run = async () => {
    const started = performance.now();
    try {
      const idempotency = await purgeExpiredIdempotencyRecords();
      const completedLookups = await purgeCompletedLookups();
      const requestLog = await purgeOldRequestLog();
      const rateLimitWindows = (await purgeIdleRateLimitWindows()) + (await purgeOldSignInFailures());
      const submissions = await purgeOldSubmissions();
      const emails = await purgeOldEmails();
      const redacted = await applyRetention();
      const consentNotices = await notifyConsentDefaultChange();
      const orphanedReservations = await refundOrphanedReservations();
      const gatewayFigures = await purgeOldGatewayFigures();
      const checkpoint = await writeAuditCheckpoint({ minIntervalMs: EVERY_MS - 30_000, onlyIfChanged: true });
      observeJob("maintenance", "done", started, {
        idempotencyRecordsPurged: idempotency,
        completedLookupsPurged: completedLookups,
        requestLogPurged: requestLog,
        rateLimitWindowsPurged: rateLimitWindows,
        formSubmissionsPurged: submissions,
        emailRowsPurged: emails,
        verificationsRedactedByRetention: redacted,
        consentDefaultNotices: consentNotices,
        orphanedReservationsRefunded: orphanedReservations,
        gatewayFiguresPurged: gatewayFigures,
        auditCheckpoint: checkpoint,
      });
    } catch (error) {
      observeJob("maintenance", "error", started, describeError(error));
    }
  };
  setTimeout(run, 10_000).unref();
  setInterval(run, EVERY_MS).unref();
  // Write buffered request-log entries before the process exits: after the last request under
  // `npm run web`, which drains first (scripts/web.ts); at once under a bare `next start`.
  onShutdown(flushRequestLog);
  if (!process.env.NEXT_MANUAL_SIG_HANDLE) process.once("SIGTERM", () => void flushRequestLog().finally(() => process.exit(0)));
}
