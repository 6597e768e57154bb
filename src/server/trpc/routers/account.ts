import { authedProcedure, publicProcedure, router } from "../init";
import { systemContext } from "@/server/context";
import { signUp } from "@/server/businesses/sign-up";
import { acceptInvitation, acceptInvitationInput } from "@/server/team/accept-invitation";
import { getInvitation, getInvitationInput } from "@/server/team/get-invitation";
import { confirmEmailInput, passwordResetTokenSchema, requestPasswordResetInput, resetPasswordInput, setLocaleInput, signUpInput } from "@/contracts/accounts";
import { checkEmailConfirmationLink, confirmEmail } from "@/server/accounts/confirm-email";
import { setLocale } from "@/server/accounts/set-locale";
import { signUpWithInvitation } from "@/server/team/sign-up-with-invitation";
import { invitedSignUpInput } from "@/contracts/team";
import { requestPasswordReset } from "@/server/accounts/request-password-reset";
import { checkPasswordResetLink, resetPassword } from "@/server/accounts/reset-password";
import { z } from "zod";

export const accountRouter = router({
  /** Sign-up: the same answer whether or not the address has an account; the emailed link confirms a new one. */
  signUp: publicProcedure
    .input(signUpInput)
    .mutation(({ ctx, input }) => signUp(systemContext("portal-sign-up", ctx.requestId), input, ctx.clientAddress)),
  emailConfirmationLink: publicProcedure.input(z.object({ token: passwordResetTokenSchema })).query(({ input }) => checkEmailConfirmationLink(input.token)),
  /** The browser then signs in with next-auth, with the same password. */
  confirmEmail: publicProcedure.input(confirmEmailInput).mutation(({ ctx, input }) => confirmEmail(systemContext("portal-sign-up", ctx.requestId), input)),
  /** Sign-up from an invitation link: an account that joins the inviting business. */
  signUpWithInvitation: publicProcedure
    .input(invitedSignUpInput)
    .mutation(({ ctx, input }) => signUpWithInvitation(systemContext("portal-sign-up", ctx.requestId), input, ctx.clientAddress)),
  invitation: publicProcedure.input(getInvitationInput).query(({ input }) => getInvitation(input)),
  /** "Forgot password": the same answer whether or not the address has an account. */
  requestPasswordReset: publicProcedure
    .input(requestPasswordResetInput)
    .mutation(({ ctx, input }) => requestPasswordReset(systemContext("password-reset", ctx.requestId), input, ctx.clientAddress)),
  passwordResetLink: publicProcedure.input(z.object({ token: passwordResetTokenSchema })).query(({ input }) => checkPasswordResetLink(input.token)),
  resetPassword: publicProcedure.input(resetPasswordInput).mutation(({ ctx, input }) => resetPassword(systemContext("password-reset", ctx.requestId), input)),
  /** The signed-in user's language (the browser also keeps it in the NEXT_LOCALE cookie). */
  setLocale: authedProcedure.input(setLocaleInput).mutation(({ ctx, input }) => setLocale(ctx.service, input)),
  acceptInvitation: authedProcedure.input(acceptInvitationInput).mutation(({ ctx, input }) => acceptInvitation(ctx.service, input)),
});
