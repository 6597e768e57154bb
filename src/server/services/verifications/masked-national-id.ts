/** The only form of a national ID the portal ever shows: `*******8901` (the last four are all we store). */
export const maskNationalId = (last4: string) => `*******${last4}`;
