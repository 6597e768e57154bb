/**
 * Example payloads for the OpenAPI document, built on the documented sandbox magic IDs
 * (product rules §11) so that "Try it" in the docs reproduces them with a test key.
 */
import type { ErrorBody } from "@/contracts/errors";
import { SANDBOX_IDS, SANDBOX_LEVERS } from "@/contracts/sandbox";
import type { MatchResult, VerificationResult, VerifyCitizenResponse } from "@/contracts/verifications";
import type { EventPayload, EventType } from "@/contracts/events";

const OUTCOME_MESSAGES: Record<VerificationResult, string> = {
  verified: "Citizen verified",
  not_found: "No citizen record matches this national ID",
  expired: "This national ID card has expired",
  revoked: "This national ID card has been revoked",
  deceased: "The registry records this card's holder as deceased",
  pending: "The national registry has not answered yet. The verification completes in the background: retrieve it, or wait for verification_completed.",
  unavailable: "The national registry never answered. The credit was refunded.",
};

const sampleConsent = { obtainedAt: "2026-11-22T09:25:00.000Z", method: "electronic", reference: "KYC-FORM-2291" } as const;

const sampleVerification = {
  id: "0b8f7c1e-4d0a-4c55-9a52-3f1f5e0c2d7a",
  reference: "HV-20261122-7KQ2M9XD",
  purpose: "Account opening",
  channel: "api",
  match: null,
  consent: null,
  lawfulBasis: null,
  redactedAt: null,
  createdAt: "2026-11-22T09:30:00.000Z",
} as const;

const sampleCitizen = { fullName: "Amina Hassan Abdi", dateOfBirth: "1990-04-12", dateOfIssue: "2019-06-01" };

function verifyResponse(result: VerificationResult, cached = false, match: MatchResult | null = null, citizen = true): VerifyCitizenResponse {
  return {
    message: OUTCOME_MESSAGES[result],
    cached,
    creditDeducted: false,
    data: { ...sampleVerification, result, match, creditsUsed: 0 },
    citizen: result === "verified" && citizen ? sampleCitizen : null,
    match,
  };
}

/** The sample citizen is Amina Hassan Abdi, born 1990-04-12 (sandbox ID 11111111111). */
const MATCH_EXAMPLES = {
  match: { claim: { fullName: "Aamina Xasan Cabdi", dateOfBirth: "1990-04-12" }, result: { fullName: { result: "match", score: 0.98 }, dateOfBirth: { result: "match" } } },
  partial_match: { claim: { fullName: "Amina Hassan" }, result: { fullName: { result: "partial_match", score: 0.67 } } },
  no_match: { claim: { fullName: "Amina Hussein Abdi", dateOfBirth: "1990-12-04" }, result: { fullName: { result: "no_match", score: 0.79 }, dateOfBirth: { result: "no_match" } } },
} satisfies Record<string, { claim: object; result: MatchResult }>;

const results = Object.keys(SANDBOX_IDS) as (keyof typeof SANDBOX_IDS)[];

export const verifyRequestExamples = {
  ...Object.fromEntries(
    results.map((result) => [
      result,
      { summary: `Sandbox: ${SANDBOX_IDS[result]} → ${result}`, value: { nationalId: SANDBOX_IDS[result], purpose: "Account opening" } },
    ]),
  ),
  with_consent: {
    summary: "With the customer's consent as the lawful basis (required live when the business has switched it on)",
    value: { nationalId: SANDBOX_IDS.verified, purpose: "Account opening", lawfulBasis: "consent", consent: sampleConsent },
  },
  ...Object.fromEntries(
    Object.entries(MATCH_EXAMPLES).map(([outcome, { claim }]) => [
      `identity_${outcome}`,
      { summary: `Identity match → ${outcome}`, value: { nationalId: SANDBOX_IDS.verified, purpose: "Account opening", match: claim } },
    ]),
  ),
};

export const verifyResponseExamples = {
  ...Object.fromEntries(
    results.map((result) => [result, { summary: `Sandbox ${result} (test key: no credit)`, value: verifyResponse(result) }]),
  ),
  replay: {
    summary: "Replay of an earlier request with the same Idempotency-Key",
    value: verifyResponse("verified", true),
  },
  pending: {
    summary: `202 with Prefer: respond-async, the registry slower than 2 s (sandbox: ${SANDBOX_LEVERS.pending})`,
    value: verifyResponse("pending"),
  },
  ...Object.fromEntries(
    Object.entries(MATCH_EXAMPLES).map(([outcome, { result }]) => [
      `identity_${outcome}`,
      { summary: `Identity match → ${outcome}`, value: verifyResponse("verified", false, result) },
    ]),
  ),
  match_only_key: {
    summary: "Identity match with a match_only key: no citizen details",
    value: verifyResponse("verified", false, MATCH_EXAMPLES.match.result, false),
  },
};

export const listResponseExample = {
  message: "Verifications retrieved",
  data: [{ ...sampleVerification, result: "verified" }],
  pagination: { page: 1, limit: 20, total: 1, hasMore: false },
};

export const getResponseExample = { message: "Verification retrieved", data: { ...sampleVerification, result: "verified" }, citizen: null };

export const redactResponseExample = {
  message: "Verification redacted",
  data: {
    ...sampleVerification,
    result: "verified",
    purpose: null,
    consent: { ...sampleConsent, reference: null },
    lawfulBasis: "consent",
    redactedAt: "2026-11-23T08:00:00.000Z",
  },
};

const sampleBatch = {
  id: "7d3f0c2a-9b1e-4f6d-8a5c-2e4b6d8f0a1c",
  status: "queued",
  mode: "test",
  totalRows: 25000,
  processedRows: 0,
  counts: { verified: 0, not_found: 0, expired: 0, revoked: 0, deceased: 0, invalid: 0, insufficient_credits: 0, registry_error: 0 },
  creditsUsed: 0,
  createdAt: "2026-11-23T08:00:00.000Z",
  completedAt: null,
} as const;

const completedBatch = {
  ...sampleBatch,
  status: "completed",
  processedRows: 25000,
  counts: { verified: 24608, not_found: 301, expired: 52, revoked: 7, deceased: 2, invalid: 30, insufficient_credits: 0, registry_error: 0 },
  completedAt: "2026-11-23T08:00:09.000Z",
} as const;

/** One delivery of each event type, as a receiver gets it (the webhooks section and the guide show them). */
export const EVENT_EXAMPLES: { [T in EventType]: EventPayload<T> } = {
  verification_completed: {
    id: "5b1d3f6e-8a2c-4e0b-9d7f-1c3e5a7b9d2f",
    type: "verification_completed",
    mode: "live",
    createdAt: sampleVerification.createdAt,
    data: { ...sampleVerification, result: "verified" },
  },
  verification_redacted: {
    id: "c2a4e6f8-1b3d-4f5a-8c7e-9d0b2a4c6e8f",
    type: "verification_redacted",
    mode: "live",
    createdAt: "2026-11-23T08:00:00.000Z",
    data: { id: sampleVerification.id, reference: sampleVerification.reference, redactedAt: "2026-11-23T08:00:00.000Z" },
  },
  credits_low: {
    id: "3e5a7c9e-2d4f-4a6b-8c0e-1f3a5c7e9b2d",
    type: "credits_low",
    mode: "live",
    createdAt: "2026-11-22T10:12:00.000Z",
    data: { balance: 99, threshold: 100 },
  },
  credits_exhausted: {
    id: "8f0b2d4f-6a8c-4e1b-9d3f-5a7c9e1b3d5f",
    type: "credits_exhausted",
    mode: "live",
    createdAt: "2026-11-22T16:45:00.000Z",
    data: { balance: 0, threshold: 100 },
  },
  live_access_approved: {
    id: "1a3c5e7a-9b2d-4f6a-8c1e-3b5d7f9a2c4e",
    type: "live_access_approved",
    mode: "live",
    createdAt: "2026-11-21T14:00:00.000Z",
    data: { applicationId: "6c8e0a2c-4e6a-4b8d-9f1b-7d9f1b3d5f7a" },
  },
  live_access_rejected: {
    id: "9d1f3b5d-7f9b-4c2e-8a4c-6e8a0c2e4a6c",
    type: "live_access_rejected",
    mode: "live",
    createdAt: "2026-11-21T14:00:00.000Z",
    data: { applicationId: "6c8e0a2c-4e6a-4b8d-9f1b-7d9f1b3d5f7a", reason: "The registration certificate is unreadable; upload a clearer scan." },
  },
  business_suspended: {
    id: "4b6d8f0b-2c4e-4a6c-9e0a-8c0e2a4c6e8a",
    type: "business_suspended",
    mode: "live",
    createdAt: "2026-11-24T09:00:00.000Z",
    data: { reason: "Unpaid invoice" },
  },
  batch_completed: {
    id: "7e9a1c3e-5a7c-4e9a-8b1d-2f4a6c8e0b2d",
    type: "batch_completed",
    mode: "test",
    createdAt: completedBatch.completedAt,
    data: completedBatch,
  },
  webhook_test: {
    id: "2c4e6a8c-0e2a-4c6e-9a8c-4e6a8c0e2a4c",
    type: "webhook_test",
    mode: "test",
    createdAt: "2026-11-22T09:00:00.000Z",
    data: { message: "This is a test event sent from Hubi." },
  },
};

const sampleEvent = EVENT_EXAMPLES.verification_completed;

export const listEventsResponseExample = { message: "Events retrieved", data: [sampleEvent], pagination: { limit: 20, hasMore: false } };

export const getEventResponseExample = { message: "Event retrieved", data: sampleEvent };

export const eventFeedResponseExample = {
  message: "Events retrieved",
  data: [sampleEvent],
  cursor: `20517.${sampleEvent.id}`,
  hasMore: false,
};

export const errorExample = (body: Omit<ErrorBody, "status" | "requestId">): ErrorBody => ({
  status: "failed",
  ...body,
  requestId: "req_01JD3QJ8N5W6Y2X4Z7A9B0C1D2",
});

export const createBatchResponseExample = { message: "Batch accepted", data: sampleBatch };
export const getBatchResponseExample = { message: "Batch retrieved", data: completedBatch };
export const listBatchesResponseExample = { message: "Batches retrieved", data: [completedBatch], pagination: { page: 1, limit: 20, total: 1, hasMore: false } };
export const batchResultLineExample = { row: 1, result: "verified", reference: "HV-20261123-3M8QK2TZ", verificationId: "0b8f7c1e-4d0a-4c55-9a52-3f1f5e0c2d7a" };
