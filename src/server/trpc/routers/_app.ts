/** The portal's root router: one sub-router per area, each in its own file. */
import { router } from "../init";
import { sessionRouter } from "./session";
import { webhooksRouter } from "./webhooks";

export const appRouter = router({
  session: sessionRouter,
  webhooks: webhooksRouter,
});

export type AppRouter = typeof appRouter;
