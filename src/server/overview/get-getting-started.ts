import { z } from "zod";
import { pool } from "@/server/db/client";
import type { ServiceContext } from "@/server/context";
import { assertBusinessAccess } from "@/server/access/authorization";
import type { GettingStarted } from "@/contracts/getting-started";

export const getGettingStartedInput = z.object({ businessId: z.uuid() });

/**
 * Where the business stands: a key made, a first call, a webhook endpoint that answered a delivery,
 * live access applied for, a first live call. Existence checks on indexed columns, one round trip.
 */
export async function getGettingStarted(ctx: ServiceContext, input: z.input<typeof getGettingStartedInput>): Promise<GettingStarted> {
  const { businessId } = getGettingStartedInput.parse(input);
  assertBusinessAccess(ctx, businessId, "read");
  const { rows } = await pool().query<GettingStarted>(
    `SELECT EXISTS (SELECT 1 FROM api_key WHERE business_id = $1) AS "keyCreated",
            EXISTS (SELECT 1 FROM verification WHERE business_id = $1) AS "firstCall",
            EXISTS (SELECT 1 FROM webhook_endpoint WHERE business_id = $1 AND last_success_at IS NOT NULL) AS "webhookVerified",
            EXISTS (SELECT 1 FROM business WHERE id = $1 AND live_access <> 'none') AS "liveAccessApplied",
            EXISTS (SELECT 1 FROM verification WHERE business_id = $1 AND mode = 'live') AS "firstLiveCall"`,
    [businessId],
  );
  return rows[0]!;
}
