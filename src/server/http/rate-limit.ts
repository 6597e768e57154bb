/**
 * Per business, per mode, per endpoint group: the LIMITS table's requests per rolling minute unless an admin
 * raised the business's limit (product rules §8). Returns the headers every response carries.
 */
import { admitToApiLimit, rateLimitHeaders, type EndpointGroup } from "@/server/ratelimit/api-limit";
import type { CheckedAuth } from "./authenticate";

export type { EndpointGroup };

export async function enforceRateLimit(auth: CheckedAuth, group: EndpointGroup): Promise<Record<string, string>> {
  const { actor } = auth;
  return rateLimitHeaders(await admitToApiLimit(actor.businessId, actor.mode, group, auth.rateLimitPerMinute, auth.rateLimitHit));
}
