/** The signed-in user's own sign-in security (product rules §21): password, two-factor, sessions. */
import { authedProcedure, router } from "../init";
import { changePasswordInput } from "@/contracts/accounts";
import { changePassword } from "@/server/accounts/change-password";
import { endSessionInput, endUserSessions, listSessions } from "@/server/accounts/sessions";
import {
  beginTwoFactor,
  confirmTwoFactor,
  confirmTwoFactorInput,
  disableTwoFactor,
  disableTwoFactorInput,
} from "@/server/accounts/two-factor";

export const securityRouter = router({
  status: authedProcedure.query(({ ctx }) => ({
    twoFactorEnabled: ctx.user.twoFactorEnabled,
    twoFactorRequired: ctx.user.isPlatformAdmin || ctx.user.memberships.some((m) => m.requireTwoFactor),
  })),
  beginTwoFactor: authedProcedure.mutation(({ ctx }) => beginTwoFactor(ctx.service)),
  confirmTwoFactor: authedProcedure.input(confirmTwoFactorInput).mutation(({ ctx, input }) => confirmTwoFactor(ctx.service, input)),
  disableTwoFactor: authedProcedure.input(disableTwoFactorInput).mutation(({ ctx, input }) => disableTwoFactor(ctx.service, input)),
  changePassword: authedProcedure.input(changePasswordInput).mutation(({ ctx, input }) => changePassword(ctx.service, ctx.user.sessionId, input)),
  sessions: authedProcedure.query(({ ctx }) => listSessions(ctx.service, ctx.user.sessionId)),
  endSessions: authedProcedure.input(endSessionInput).mutation(({ ctx, input }) => endUserSessions(ctx.service, input)),
});
