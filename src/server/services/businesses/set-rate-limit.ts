import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertPlatformAdmin } from "@/server/authorization";
import { notFound } from "@/server/errors";

/** Every business gets at least the documented default (DECISIONS §8); admins may raise it. */
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 60;
export const MAX_RATE_LIMIT_PER_MINUTE = 100_000;

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
  return db().$transaction(async (tx) => {
    const before = await tx.business.findUnique({ where: { id: businessId }, select: { rateLimitPerMinute: true } });
    if (!before) throw notFound("Business not found");
    if (before.rateLimitPerMinute === perMinute) return { businessId, perMinute };
    await tx.business.update({ where: { id: businessId }, data: { rateLimitPerMinute: perMinute } });
    await recordAudit(tx, ctx, {
      action: "business.rate_limit_changed",
      businessId,
      targetType: "business",
      targetId: businessId,
      metadata: { from: before.rateLimitPerMinute, to: perMinute },
    });
    return { businessId, perMinute };
  });
}
