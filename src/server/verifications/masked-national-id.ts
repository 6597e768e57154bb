/**
 * The only form of a national ID the portal ever shows: `*******8901` (the last four are all we
 * store), or `(redacted)` once even those are gone.
 */
export const maskNationalId = (last4: string | null) => (last4 === null ? "(redacted)" : `*******${last4}`);
