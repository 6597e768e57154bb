/** The portal's root router: one sub-router per area, each in its own file. */
import { router } from "../init";
import { sessionRouter } from "./session";

export const appRouter = router({
  session: sessionRouter,
});

export type AppRouter = typeof appRouter;
