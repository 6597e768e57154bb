/**
 * The library's public types, derived from the generated OpenAPI types so that they follow the
 * server's contract. Regenerate with `npm run sdk:types` at the repository root.
 */
import type { components, operations } from "./generated/openapi.js";
import type { ResponseMeta } from "./response-meta.js";

type Schemas = components["schemas"];

export type VerificationResult = Schemas["VerificationResult"];
export type Channel = Schemas["Channel"];
export type Citizen = Schemas["Citizen"];
export type Verification = Schemas["Verification"];
export type Pagination = Schemas["Pagination"];
export type VerifyCitizenRequest = Schemas["VerifyCitizenRequest"];
/** What your customer claims: compared with the registry, answered with `match` results. */
export type MatchRequest = Schemas["MatchRequest"];
export type MatchResult = Schemas["MatchResult"];
export type NameMatch = Schemas["NameMatch"];
export type VerifyCitizenResponse = Schemas["VerifyCitizenResponse"];
export type ListVerificationsResponse = Schemas["ListVerificationsResponse"];
export type GetVerificationResponse = Schemas["GetVerificationResponse"];
export type RedactVerificationResponse = Schemas["RedactVerificationResponse"];
/** When and how the customer consented to the lookup (send it with `verifyCitizen`). */
export type ConsentRequest = Schemas["ConsentRequest"];
export type Consent = Schemas["Consent"];
/** Why the lookup is lawful: `legal_obligation`, `consent` or `contract`. */
export type LawfulBasis = Schemas["LawfulBasis"];
export type ErrorBody = Schemas["Error"];
export type ErrorCode = ErrorBody["code"];
export type FieldError = Schemas["FieldError"];
export type WebhookEvent = Schemas["WebhookEvent"];
export type WebhookEventType = WebhookEvent["type"];
export type EventPagination = Schemas["EventPagination"];
export type ListEventsResponse = Schemas["ListEventsResponse"];
export type GetEventResponse = Schemas["GetEventResponse"];

export type Batch = Schemas["Batch"];
export type BatchStatus = Schemas["BatchStatus"];
export type BatchCounts = Schemas["BatchCounts"];
/** One line of a batch's results: the row's outcome, never citizen details. */
export type BatchResultLine = Schemas["BatchResultLine"];
export type BatchResponse = Schemas["BatchResponse"];
export type ListBatchesResponse = Schemas["ListBatchesResponse"];
export type ListBatchesParams = NonNullable<operations["listBatches"]["parameters"]["query"]>;
export type BatchResult = Batch & { message: string } & ResponseMeta;
export type ListBatchesResult = { data: Batch[]; pagination: Pagination } & ResponseMeta;

type ListQuery = NonNullable<operations["listVerifications"]["parameters"]["query"]>;
type EventsQuery = NonNullable<operations["listEvents"]["parameters"]["query"]>;

/** Filters and page of `listVerifications`; `from` and `to` also accept a Date. */
export type ListVerificationsParams = Omit<ListQuery, "from" | "to"> & { from?: string | Date; to?: string | Date };

/** Filters and cursor of `listEvents`; `from` and `to` also accept a Date. */
export type ListEventsParams = Omit<EventsQuery, "from" | "to"> & { from?: string | Date; to?: string | Date };

/** The outcome of `verifyCitizen`: the verification's fields, flattened, with the envelope's. */
export type VerifyCitizenResult = Schemas["VerificationWithCredits"] & {
  message: string;
  creditDeducted: boolean;
  /** True when this is a replay of an earlier request with the same idempotency key. */
  isCached: boolean;
  /** Present only when `result` is `verified`, and never for a `match_only` key. */
  citizen: Citizen | null;
  /** Identity-match results when `match` was sent and `result` is `verified`; otherwise null. */
  match: MatchResult | null;
  /** The response body as the API sent it. */
  raw: VerifyCitizenResponse;
} & ResponseMeta;

export type ListVerificationsResult = { data: Verification[]; pagination: Pagination } & ResponseMeta;

/** `citizen`: only for a verification that was `pending` and completed `verified`, for 24 hours after that. */
export type GetVerificationResult = Verification & { citizen: Citizen | null } & ResponseMeta;

/** The redacted verification (`redactedAt` tells when; a repeated call answers the same). */
export type RedactVerificationResult = Verification & ResponseMeta;

export type ListEventsResult = { data: WebhookEvent[]; pagination: EventPagination } & ResponseMeta;

export type GetEventResult = WebhookEvent & ResponseMeta;
