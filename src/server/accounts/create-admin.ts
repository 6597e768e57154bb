import { z } from "zod";
import { db } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { recordAudit } from "@/server/audit/record";
import { conflict } from "@/server/errors";
import { hashPassword } from "./passwords";
import { emailSchema, passwordSchema, personNameSchema } from "@/contracts/accounts";

export const createAdminInput = z.object({
  email: emailSchema,
  password: passwordSchema,
  name: personNameSchema.default("Platform admin"),
});

/** Creates a platform admin (operator CLI and the demo seed). */
export async function createAdmin(ctx: ServiceContext, input: z.input<typeof createAdminInput>) {
  const { email, password, name } = createAdminInput.parse(input);
  const passwordHash = await hashPassword(password);
  return db().$transaction(async (tx) => {
    if (await tx.user.findUnique({ where: { email }, select: { id: true } })) {
      throw conflict("A user with this email already exists");
    }
    const user = await tx.user.create({ data: { email, name, passwordHash, isPlatformAdmin: true } });
    await recordAudit(tx, ctx, { action: "admin.created", targetType: "user", targetId: user.id });
    return { userId: user.id };
  });
}
