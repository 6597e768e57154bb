/**
 * For layouts that need a signed-in user: off to sign-in, with the address the reader asked for
 * (the proxy puts it in RETURN_TO_HEADER), so that a deep link survives the sign-in.
 */
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { signInUrl } from "@/contracts/sign-in-url";
import { RETURN_TO_HEADER } from "@/contracts/return-to";

export async function redirectToSignIn(): Promise<never> {
  const returnTo = (await headers()).get(RETURN_TO_HEADER);
  redirect(signInUrl(returnTo));
}
