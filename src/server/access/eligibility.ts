/**
 * Whether a request may go on, as one closed status (computed in SQL: business_eligibility and
 * api_authenticate) and the one map from status to error, used by the API and the portal alike.
 */
import { READ_ONLY_BATCH_MESSAGE, READ_ONLY_VERIFY_MESSAGE } from "@/contracts/api-key-scopes";
import { ADDRESS_NOT_ALLOWED_MESSAGE } from "@/contracts/ip-allowlist";
import { AppError } from "@/server/errors";

export const ELIGIBILITY = ["ok", "revoked", "expired", "suspended", "live_not_enabled", "read_only", "address_not_allowed"] as const;
export type Eligibility = (typeof ELIGIBILITY)[number];

/** What a refused key or business was trying: a read-only key is told why in the terms of its request. */
type Attempt = "verify" | "read" | "batch";

const REFUSALS: Record<Exclude<Eligibility, "ok">, (attempt: Attempt) => AppError> = {
  revoked: () => new AppError("UNAUTHORIZED", "This API key has been revoked."),
  expired: () => new AppError("UNAUTHORIZED", "This API key has expired. Create or roll a key in the portal."),
  suspended: () => new AppError("FORBIDDEN", "This business account is suspended. Contact Hubi support."),
  live_not_enabled: () => new AppError("FORBIDDEN", "Live API access requires the enterprise plan."),
  read_only: (attempt) => new AppError("FORBIDDEN", attempt === "batch" ? READ_ONLY_BATCH_MESSAGE : READ_ONLY_VERIFY_MESSAGE),
  address_not_allowed: () => new AppError("FORBIDDEN", ADDRESS_NOT_ALLOWED_MESSAGE),
};

export function assertEligible(status: string, attempt: Attempt): void {
  if (status === "ok") return;
  const refusal = REFUSALS[status as Exclude<Eligibility, "ok">];
  // A status this code does not know is a refusal too, never a pass.
  throw refusal ? refusal(attempt) : new AppError("FORBIDDEN", "This request is not allowed.");
}

/** The business part, for the portal (it has no key): the same SQL function as the API's. */
export const BUSINESS_ELIGIBILITY_SQL = `SELECT business_eligibility(status, plan, $2::"Mode") AS eligibility, rate_limit_per_minute, require_live_consent FROM business WHERE id = $1`;
