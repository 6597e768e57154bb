/** The portal's root router: one sub-router per area, each in its own file. */
import { router } from "../init";
import { accountRouter } from "./account";
import { batchesRouter } from "./batches";
import { adminRouter } from "./admin";
import { businessRouter } from "./business";
import { creditsRouter } from "./credits";
import { keysRouter } from "./keys";
import { liveAccessRouter } from "./live-access";
import { requestLogRouter } from "./request-log";
import { sessionRouter } from "./session";
import { securityRouter } from "./security";
import { teamRouter } from "./team";
import { verificationsRouter } from "./verifications";
import { webhooksRouter } from "./webhooks";

export const appRouter = router({
  session: sessionRouter,
  account: accountRouter,
  security: securityRouter,
  business: businessRouter,
  keys: keysRouter,
  verifications: verificationsRouter,
  batches: batchesRouter,
  requestLog: requestLogRouter,
  credits: creditsRouter,
  team: teamRouter,
  webhooks: webhooksRouter,
  liveAccess: liveAccessRouter,
  admin: adminRouter,
});

export type AppRouter = typeof appRouter;
