import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { conflict } from "@/server/errors";
import { hashPassword } from "@/server/services/users/passwords";
import { businessNameSchema, emailSchema, localeSchema, passwordSchema, personNameSchema } from "@/contracts/accounts";

export const createBusinessInput = z.object({
  businessName: businessNameSchema,
  ownerName: personNameSchema,
  email: emailSchema,
  password: passwordSchema,
  locale: localeSchema,
  plan: z.enum(["starter", "enterprise"]).default("starter"),
  /** Operator shortcut: approve live access at once (also puts the business on enterprise). */
  approveLive: z.boolean().default(false),
});

export type CreateBusinessInput = z.input<typeof createBusinessInput>;

/** Sign-up: a business and its owner, atomically. Used by the portal's sign-up and the CLI. */
export async function createBusiness(ctx: ServiceContext, input: CreateBusinessInput) {
  const data = createBusinessInput.parse(input);
  const passwordHash = await hashPassword(data.password);
  return db().$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email: data.email }, select: { id: true } })) {
      throw conflict("An account with this email already exists. Sign in instead.");
    }
    const user = await tx.user.create({ data: { email: data.email, name: data.ownerName, passwordHash, locale: data.locale } });
    const business = await tx.business.create({
      data: {
        name: data.businessName,
        plan: data.approveLive ? "enterprise" : data.plan,
        liveAccess: data.approveLive ? "approved" : "none",
        memberships: { create: { userId: user.id, role: "owner" } },
      },
    });
    await recordAudit(tx, ctx, {
      action: "business.created",
      businessId: business.id,
      targetType: "business",
      targetId: business.id,
      metadata: { plan: business.plan, liveAccess: business.liveAccess },
    });
    return { businessId: business.id, userId: user.id };
  });
}
