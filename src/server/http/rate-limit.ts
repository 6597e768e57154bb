/**
 * Per business, per mode, per endpoint group: 60 requests per rolling minute unless an admin
 * raised the business's limit (product rules §8). Returns the headers every response carries.
 */
import { assertWithinLimit, hitApiLimit, peekBatchLimit, rateLimitHeaders, type EndpointGroup } from "@/server/ratelimit/api-limit";
import type { ApiAuth } from "./authenticate";

export type { EndpointGroup };

export async function enforceRateLimit(auth: ApiAuth, group: EndpointGroup): Promise<Record<string, string>> {
  const { actor } = auth;
  const hit =
    group === "batch"
      ? await peekBatchLimit(actor.businessId, actor.mode)
      : (auth.rateLimitHit ?? (await hitApiLimit(actor.businessId, actor.mode, group, auth.rateLimitPerMinute)));
  assertWithinLimit(hit, group, actor.mode);
  return rateLimitHeaders(hit);
}
