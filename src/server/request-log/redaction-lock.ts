/**
 * Request-log writes and redactions never run side by side: a flush holds this lock shared, a
 * redaction alone, each before the statement that reads what the other writes. A statement sees
 * only what committed before it began, so without it a flush could write an entry's Idempotency-Key
 * just as a redaction cleared the others, each blind to the other.
 */
const LOCK_KEY = "hashtext('request_log_redaction')";
export const REQUEST_LOG_WRITE_LOCK_SQL = `pg_advisory_xact_lock_shared(${LOCK_KEY})`;
export const REQUEST_LOG_REDACTION_LOCK_SQL = `pg_advisory_xact_lock(${LOCK_KEY})`;
