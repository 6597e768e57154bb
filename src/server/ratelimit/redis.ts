import { Redis } from "ioredis";
import type { RateLimiter } from "./types";

// The same algorithm as the PostgreSQL function: a hash of second → count, evaluated atomically.
const SCRIPT = `
local key = KEYS[1]
local limit = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local now = tonumber(redis.call('TIME')[1])
local all = redis.call('HGETALL', key)
local total = 0
local oldest = now
for i = 1, #all, 2 do
  local s = tonumber(all[i])
  if s <= now - window then
    redis.call('HDEL', key, all[i])
  else
    total = total + tonumber(all[i + 1])
    if s < oldest then oldest = s end
  end
end
if total >= limit then
  return {0, 0, oldest + window - now}
end
redis.call('HINCRBY', key, now, 1)
redis.call('EXPIRE', key, window + 1)
return {1, limit - total - 1, oldest + window - now}
`;

export function redisRateLimiter(url: string): RateLimiter & { close(): Promise<void> } {
  const redis = new Redis(url, { maxRetriesPerRequest: 2, enableOfflineQueue: true });
  redis.defineCommand("hubiRateLimit", { numberOfKeys: 1, lua: SCRIPT });
  return {
    async hit(bucket, limit, windowSeconds) {
      const [allowed, remaining, reset] = (await (
        redis as unknown as { hubiRateLimit(k: string, l: number, w: number): Promise<number[]> }
      ).hubiRateLimit(`hubi:rl:${bucket}`, limit, windowSeconds)) as [number, number, number];
      return { allowed: allowed === 1, limit, remaining, resetSeconds: reset };
    },
    async count(bucket, windowSeconds) {
      const [now] = await redis.time();
      const all = await redis.hgetall(`hubi:rl:${bucket}`);
      return Object.entries(all).reduce((sum, [s, n]) => (Number(s) > Number(now) - windowSeconds ? sum + Number(n) : sum), 0);
    },
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit();
    },
  };
}
