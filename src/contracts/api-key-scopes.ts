/**
 * What an API key may do (product rules §17), chosen when the key is created. Data minimisation:
 * a business that only needs to know whether its customer's details are right never has to
 * receive the registry's data.
 */
import { z } from "zod";

export const API_KEY_SCOPES = {
  full: "Verify and see the citizen's details; list and retrieve verifications.",
  match_only: "Verify with identity match; `citizen` is always null. List and retrieve verifications.",
  read_only: "List and retrieve verifications and batches only; verify, redact, and creating or cancelling a batch are refused with 403.",
} as const;

export type ApiKeyScope = keyof typeof API_KEY_SCOPES;

/** Only a `full` key ever receives `citizen`: in a first answer and in a replay of anyone's request. */
export const seesCitizen = (scope: ApiKeyScope) => scope === "full";

export const apiKeyScopeSchema = z.enum(Object.keys(API_KEY_SCOPES) as [ApiKeyScope, ...ApiKeyScope[]]);

export const READ_ONLY_VERIFY_MESSAGE =
  "This API key is read-only: it can list and retrieve verifications, not verify. Use a key with the full or match_only scope.";

export const READ_ONLY_REDACT_MESSAGE =
  "This API key is read-only: it cannot redact verifications. Use a key with the full or match_only scope.";

export const READ_ONLY_BATCH_MESSAGE =
  "This API key is read-only: it cannot create or cancel batches. Use a key with the full or match_only scope.";
