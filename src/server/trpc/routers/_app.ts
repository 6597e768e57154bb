/** The portal's root router: one sub-router per area, each in its own file. */
import { router } from "../init";
import { adminRouter } from "./admin";
import { liveAccessRouter } from "./live-access";
import { sessionRouter } from "./session";
import { webhooksRouter } from "./webhooks";

export const appRouter = router({
  session: sessionRouter,
  webhooks: webhooksRouter,
  liveAccess: liveAccessRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
