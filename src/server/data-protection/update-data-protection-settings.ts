import { z } from "zod";
import { retentionYearsSchema } from "@/contracts/data-protection";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { assertBusinessAccess } from "@/server/access/authorization";
import { badRequest, notFound } from "@/server/errors";

export const updateDataProtectionSettingsInput = z.object({
  businessId: z.uuid(),
  requireLiveConsent: z.boolean().optional(),
  retentionYears: retentionYearsSchema.optional(),
  requireTwoFactor: z.boolean().optional(),
});

const SETTINGS = {
  requireLiveConsent: "business.consent_requirement_changed",
  retentionYears: "business.retention_changed",
  requireTwoFactor: "business.two_factor_requirement_changed",
} as const;

/**
 * Owners decide whether live verifications need the customer's consent, how long the history is
 * kept, and whether members must sign in with a second factor. Each real change is audited with its old and new value; the current value again
 * changes and records nothing.
 */
export async function updateDataProtectionSettings(ctx: ServiceContext, input: z.input<typeof updateDataProtectionSettingsInput>) {
  const { businessId, ...wanted } = updateDataProtectionSettingsInput.parse(input);
  assertBusinessAccess(ctx, businessId, "manageDataProtection");
  if (wanted.requireTwoFactor && ctx.actor.type === "user") {
    const me = await db().user.findUnique({ where: { id: ctx.actor.userId }, select: { totpEnabledAt: true } });
    if (!me?.totpEnabledAt) throw badRequest("Turn on two-factor sign-in for your own account first, so that you are not locked out");
  }
  return db().$transaction(async (tx) => {
    const [current] = await tx.$queryRaw<{ requireLiveConsent: boolean; retentionYears: number; requireTwoFactor: boolean }[]>`
      SELECT require_live_consent AS "requireLiveConsent", retention_years AS "retentionYears", require_two_factor AS "requireTwoFactor"
        FROM business WHERE id = ${businessId}::uuid FOR UPDATE`;
    if (!current) throw notFound("Business not found");
    for (const setting of Object.keys(SETTINGS) as (keyof typeof SETTINGS)[]) {
      const to = wanted[setting];
      if (to === undefined || to === current[setting]) continue;
      await recordAudit(tx, ctx, {
        action: SETTINGS[setting],
        businessId,
        targetType: "business",
        targetId: businessId,
        metadata: { from: current[setting], to },
      });
    }
    return tx.business.update({
      where: { id: businessId },
      data: wanted,
      select: { requireLiveConsent: true, retentionYears: true, requireTwoFactor: true },
    });
  });
}
