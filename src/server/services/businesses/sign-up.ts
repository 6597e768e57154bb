import { z } from "zod";
import type { ServiceContext } from "@/server/context";
import { throttleSignUp } from "@/server/services/users/throttle-sign-up";
import { createBusiness } from "./create-business";
import { signUpInput } from "@/contracts/accounts";

/** The public sign-up: a starter business and its owner, throttled per client address. */
export async function signUp(ctx: ServiceContext, input: z.input<typeof signUpInput>, clientAddress: string | undefined) {
  const data = signUpInput.parse(input);
  await throttleSignUp(clientAddress);
  const { businessId } = await createBusiness(ctx, data);
  return { businessId };
}
