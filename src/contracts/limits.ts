/**
 * Every request limit of the API and the portal, per business and mode, in one table (product
 * rules §8 and §18). The portal counts against the same buckets as the API: it is no way around
 * them. (The database's default for a new business's limit mirrors `defaultPerMinute`.)
 */
export const LIMITS = {
  /** Verify, and reads, each per rolling minute, unless a platform admin raises the business's limit. */
  defaultPerMinute: 60,
  /** The highest limit a platform admin can set. */
  maxPerMinute: 100_000,
  /** Batch creations per minute, their own group, whatever the business's limit. */
  batchCreationsPerMinute: 10,
  /** Test webhook events per business per minute. */
  testEventsPerMinute: 5,
} as const;
