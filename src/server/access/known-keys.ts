/**
 * Live API keys this process has seen pass authentication, by hash: what a key is (its id,
 * business, mode, hint and scope never change) and its business's rules as last read. Nothing
 * here admits a request on its own. A live verify from a key found here skips the key's own
 * statement and checks the key again, counting the request, inside its admission statement
 * (key-check-sql.ts), where a key revoked or a business suspended a moment ago is still refused.
 */
import type { ApiKeyActor } from "@/server/context";
import type { BusinessPolicy } from "@/server/api/operation";

export type KnownKey = {
  actor: ApiKeyActor;
  policy: Omit<BusinessPolicy, "mode">;
};

/** Enough for every live key of a large deployment; past it the oldest entries go first. */
const MAX_KEYS = 10_000;
const known = new Map<string, KnownKey>();

export function rememberKey(keyHash: string, key: KnownKey): void {
  known.delete(keyHash);
  known.set(keyHash, key);
  if (known.size > MAX_KEYS) known.delete(known.keys().next().value!);
}

export const recallKey = (keyHash: string): KnownKey | undefined => known.get(keyHash);

export function forgetKey(keyHash: string): void {
  known.delete(keyHash);
}
