import type { ApiKeyScope } from "@/contracts/api-key-scopes";

/** How the portal names each key scope, and what a key with it can do. */
export const SCOPE_LABELS: Record<ApiKeyScope, { name: string; can: string }> = {
  full: { name: "Full", can: "verify and see citizen details" },
  match_only: { name: "Match only", can: "verify with identity match, no citizen details" },
  read_only: { name: "Read only", can: "history only, no verify" },
};
