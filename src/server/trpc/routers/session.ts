import { publicProcedure, router } from "../init";

export const sessionRouter = router({
  /** Who is signed in, their businesses, the selected business and mode (null when signed out). */
  me: publicProcedure.query(({ ctx }) =>
    ctx.user ? { user: ctx.user, membership: ctx.membership ?? null, mode: ctx.mode } : null,
  ),
});
