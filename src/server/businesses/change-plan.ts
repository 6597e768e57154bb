import { z } from "zod";
import type { ServiceContext } from "@/server/context";
import { assertPlatformAdmin } from "@/server/access/authorization";
import { changeBusinessSetting } from "./change-business-setting";

export const changePlanInput = z.object({
  businessId: z.uuid(),
  plan: z.enum(["starter", "enterprise"]),
});

/** Moves a business between plans (platform admins). Live calls need enterprise (product rules §2). */
export async function changePlan(ctx: ServiceContext, input: z.input<typeof changePlanInput>) {
  const { businessId, plan } = changePlanInput.parse(input);
  assertPlatformAdmin(ctx);
  await changeBusinessSetting(ctx, businessId, "plan", plan, "business.plan_changed");
  return { businessId, plan };
}
