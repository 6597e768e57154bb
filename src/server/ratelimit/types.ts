export type RateLimitHit = {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the oldest counted request leaves the window (and a slot frees up). */
  resetSeconds: number;
};

/** A rolling window of `windowSeconds` with per-second resolution, exact under concurrency. */
export interface RateLimiter {
  hit(bucket: string, limit: number, windowSeconds: number): Promise<RateLimitHit>;
  /** How many hits the bucket holds in the window, without adding one. */
  count(bucket: string, windowSeconds: number): Promise<number>;
  /** Resolves when the limiter's own store answers (Redis); PostgreSQL's is the database itself. */
  ping?(): Promise<void>;
}
