import { z } from "zod";
import { LIMITS } from "@/contracts/limits";
import type { ServiceContext } from "@/server/context";
import { assertPlatformAdmin } from "@/server/access/authorization";
import { changeBusinessSetting } from "./change-business-setting";

/** Every business gets at least the documented default (product rules §8); admins may raise it. */
const { defaultPerMinute: DEFAULT_RATE_LIMIT_PER_MINUTE, maxPerMinute: MAX_RATE_LIMIT_PER_MINUTE } = LIMITS;

export const setRateLimitInput = z.object({
  businessId: z.uuid(),
  perMinute: z
    .number()
    .int("Enter a whole number")
    .min(DEFAULT_RATE_LIMIT_PER_MINUTE, `The limit cannot go below the default of ${DEFAULT_RATE_LIMIT_PER_MINUTE}`)
    .max(MAX_RATE_LIMIT_PER_MINUTE, `The limit can be at most ${MAX_RATE_LIMIT_PER_MINUTE.toLocaleString("en")}`),
});

/** Sets a business's requests-per-minute limit (per mode and endpoint). Takes effect on the next call. */
export async function setRateLimit(ctx: ServiceContext, input: z.input<typeof setRateLimitInput>) {
  const { businessId, perMinute } = setRateLimitInput.parse(input);
  assertPlatformAdmin(ctx);
  await changeBusinessSetting(ctx, businessId, "rateLimitPerMinute", perMinute, "business.rate_limit_changed");
  return { businessId, perMinute };
}
