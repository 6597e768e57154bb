/** What the request log may write of a request's own fields: never a national ID (product rules §13). */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The path as logged. A client may put a national ID in the URL (e.g. "retrieving" by ID); like
 * every national ID it must not be written down, so long digit runs outside UUIDs keep only their
 * last four digits.
 */
export function loggablePath(pathname: string): string {
  return pathname
    .split("/")
    .map((segment) => (UUID.test(segment) ? segment : maskLongDigitRuns(segment)))
    .join("/");
}

const maskLongDigitRuns = (text: string) => text.replace(/[0-9]{11,}/g, (d) => `${"*".repeat(d.length - 4)}${d.slice(-4)}`);

/** The Idempotency-Key as the request log shows it: clients build keys from their own data, a national ID included. */
export function loggableIdempotencyKey(key: string | null): string | null {
  return key === null ? null : maskLongDigitRuns(key.slice(0, 128));
}
