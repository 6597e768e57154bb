import { z } from "zod";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { conflict } from "@/server/errors";
import { hashPassword } from "@/server/accounts/passwords";
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

/** A business and its owner, atomically, for an operator (the CLI): the address counts as confirmed. */
export async function createBusiness(ctx: ServiceContext, input: CreateBusinessInput) {
  const data = createBusinessInput.parse(input);
  const passwordHash = await hashPassword(data.password);
  return db().$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email: data.email }, select: { id: true } })) {
      throw conflict("An account with this email already exists. Sign in instead.");
    }
    return insertBusinessAndOwner(tx, ctx, { ...data, passwordHash, emailConfirmed: true });
  });
}

type NewBusiness = Omit<z.output<typeof createBusinessInput>, "password"> & { passwordHash: string; emailConfirmed: boolean };

/** The rows of a new business and its owner, in the caller's transaction (the public sign-up's too). */
export async function insertBusinessAndOwner(tx: Prisma.TransactionClient, ctx: ServiceContext, data: NewBusiness) {
  const user = await tx.user.create({
    data: { email: data.email, name: data.ownerName, passwordHash: data.passwordHash, locale: data.locale, ...(data.emailConfirmed ? {} : { emailConfirmedAt: null }) },
  });
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
}
