/**
 * The verification contract of /api/v1: request and response schemas. Handlers validate with
 * these, the OpenAPI document is generated from them, and the client library's types come from
 * that document.
 */
import { z } from "zod";
import { checkRangeAndCursors, cursor, instant, wholeNumber } from "./query-fields";

export const NATIONAL_ID_MESSAGE = "National ID must be exactly 11 digits";
export const PURPOSE_MAX_LENGTH = 200;

export const verificationResultSchema = z
  .enum(["verified", "not_found", "expired", "revoked", "deceased", "pending", "unavailable"])
  .meta({
    id: "VerificationResult",
    description:
      "`verified`: the ID matches an active card. `not_found`: no record. `expired`: the card is past its expiry date. " +
      "`revoked`: the card was cancelled or reported stolen. `deceased`: the registry records the holder as deceased. " +
      "`pending`: the national registry has not answered yet (only in a 202 to a caller that sent `Prefer: respond-async`, or whose " +
      "business answers pending lookups with 202); the verification completes in the background. " +
      "`unavailable`: the registry never answered a pending lookup; its credit was refunded. Clients must tolerate values they do not know.",
  });

export const channelSchema = z
  .enum(["api", "portal", "batch"])
  .meta({
    id: "Channel",
    description: "`api` for requests made through this interface; `portal` for the portal's verify form; `batch` for a row of a batch. Clients must tolerate values they do not know.",
  });

export const MATCH_NAME_MAX_LENGTH = 200;

export const matchRequestSchema = z
  .strictObject({
    fullName: z
      .string({ error: "fullName must be a string" })
      .trim()
      .min(1, "fullName must not be empty")
      .max(MATCH_NAME_MAX_LENGTH, `fullName must be at most ${MATCH_NAME_MAX_LENGTH} characters`)
      .optional()
      .meta({ description: "The name your customer gave you, in any common spelling or in Arabic script.", example: "Amina Hassan" }),
    dateOfBirth: z.iso
      .date({ error: "dateOfBirth must be a date as YYYY-MM-DD" })
      .optional()
      .meta({ description: "The date of birth your customer gave you.", example: "1990-04-12" }),
  })
  .refine((m) => m.fullName !== undefined || m.dateOfBirth !== undefined, { message: "match needs fullName, dateOfBirth or both" })
  .meta({
    id: "MatchRequest",
    description:
      "What your customer claims. Hubi compares it with the registry and answers with match results instead of the registry's data. " +
      "Neither value is stored or logged.",
  });

export const nameMatchSchema = z
  .object({
    result: z.enum(["match", "partial_match", "no_match"]).meta({
      description:
        "`match`: the same person's name, whatever the spelling. `partial_match`: the registry name with later names left out " +
        "(given and father's name without the grandfather's). `no_match`: another name. Clients must tolerate values they do not know.",
    }),
    score: z.number().min(0).max(1).meta({ description: "Similarity from 0 to 1, for ranking and review queues.", example: 0.97 }),
  })
  .meta({ id: "NameMatch" });

export const matchResultSchema = z
  .object({
    fullName: nameMatchSchema.optional(),
    dateOfBirth: z.object({ result: z.enum(["match", "no_match"]) }).optional(),
  })
  .meta({
    id: "MatchResult",
    description: "One entry per field sent in `match`. Present only when `result` is `verified` and `match` was sent; otherwise `null`.",
  });

export const CONSENT_METHODS = ["written", "electronic", "verbal"] as const;
export const CONSENT_REFERENCE_MAX_LENGTH = 100;
/** Clocks differ: a consent stamped a little ahead of ours is still believable. */
const CONSENT_CLOCK_SKEW_MS = 5 * 60_000;

export const consentSchema = z
  .strictObject({
    obtainedAt: z.iso
      .datetime({ offset: true, error: "consent.obtainedAt must be an ISO 8601 timestamp, e.g. 2026-11-22T09:30:00Z" })
      .refine((at) => Date.parse(at) <= Date.now() + CONSENT_CLOCK_SKEW_MS, "consent.obtainedAt must not be in the future")
      .transform((at) => new Date(at).toISOString())
      .meta({ description: "When your customer gave consent.", example: "2026-11-22T09:25:00Z" }),
    method: z
      .enum(CONSENT_METHODS, { error: "consent.method must be written, electronic or verbal" })
      .meta({ description: "How consent was given: a signed form, an electronic acceptance (app, web) or spoken (branch, call centre)." }),
    reference: z
      .string({ error: "consent.reference must be a string" })
      .trim()
      .min(1, "consent.reference must not be empty")
      .max(CONSENT_REFERENCE_MAX_LENGTH, `consent.reference must be at most ${CONSENT_REFERENCE_MAX_LENGTH} characters`)
      .optional()
      .meta({ description: "Your own record of the consent (form number, recording id). Cleared when the verification is redacted.", example: "KYC-FORM-2291" }),
  })
  .meta({
    id: "ConsentRequest",
    description:
      "The customer's consent to this lookup, recorded with the verification. Optional, unless the business has switched on " +
      "\"require consent for live lookups\" in the portal: then a live request without it is 400. Holds no personal data: put none in `reference`.",
  });

export const CONSENT_REQUIRED_MESSAGE =
  "consent is required: this business has switched on \"require consent for live lookups\"; send the customer's consent (obtainedAt, method)";

export const LAWFUL_BASES = ["legal_obligation", "consent", "contract"] as const;

export const lawfulBasisSchema = z
  .enum(LAWFUL_BASES, { error: "lawfulBasis must be legal_obligation, consent or contract" })
  .meta({
    id: "LawfulBasis",
    description:
      "Why the lookup is lawful: `legal_obligation` (anti-money-laundering, SIM registration and other rules that oblige you to check), " +
      "`consent` (send `consent` too) or `contract`. Recorded with the verification.",
  });

export const consentRecordSchema = z
  .object({
    obtainedAt: z.iso.datetime(),
    method: z.enum(CONSENT_METHODS),
    reference: z.string().nullable().meta({ description: "`null` when none was sent, or after redaction." }),
  })
  .meta({ id: "Consent", description: "The consent sent with the verification, or `null` when none was." });

export const verifyCitizenRequestSchema = z
  .strictObject({
    nationalId: z
      .string({ error: (issue) => (issue.input === undefined ? "nationalId is required" : NATIONAL_ID_MESSAGE) })
      .regex(/^[0-9]{11}$/, NATIONAL_ID_MESSAGE)
      .meta({ description: "The citizen's national ID: exactly 11 ASCII digits.", example: "11111111111" }),
    purpose: z
      .string({ error: "Purpose must be a string" })
      .trim()
      .max(PURPOSE_MAX_LENGTH, `Purpose must be at most ${PURPOSE_MAX_LENGTH} characters`)
      .optional()
      .meta({ description: "Business purpose, recorded for the audit log.", example: "Account opening" }),
    match: matchRequestSchema.optional(),
    consent: consentSchema.optional(),
    lawfulBasis: lawfulBasisSchema.optional(),
  })
  .meta({ id: "VerifyCitizenRequest" });

export const citizenSchema = z
  .object({
    fullName: z.string().meta({ example: "Amina Hassan Abdi" }),
    dateOfBirth: z.iso.date().meta({ example: "1990-04-12" }),
    dateOfIssue: z.iso.date().meta({ example: "2019-06-01" }),
  })
  .meta({ id: "Citizen", description: "Present only when `result` is `verified`; otherwise `null`." });

const verificationFields = {
  id: z.uuid().meta({ example: "0b8f7c1e-4d0a-4c55-9a52-3f1f5e0c2d7a" }),
  reference: z
    .string()
    .meta({ description: "Certificate reference number.", example: "HV-20261122-7KQ2M9XD" }),
  result: verificationResultSchema,
  purpose: z.string().nullable().meta({ example: "Account opening" }),
  channel: channelSchema,
  match: matchResultSchema.nullable(),
  consent: consentRecordSchema.nullable(),
  lawfulBasis: lawfulBasisSchema.nullable().meta({ description: "The lawful basis sent with the verification, or `null` when none was." }),
  redactedAt: z.iso.datetime().nullable().meta({
    description:
      "When the verification was redacted (on request, or at the end of the business's retention period): `purpose` and the consent " +
      "reference are cleared, and the national ID's traces are gone. `null` until then.",
  }),
  createdAt: z.iso.datetime().meta({ example: "2026-11-22T09:30:00.000Z" }),
};

export const verificationSchema = z.object(verificationFields).meta({ id: "Verification" });

export const verifyCitizenDataSchema = z
  .object({ ...verificationFields, creditsUsed: z.number().int().meta({ description: "1 in live mode, 0 in the sandbox." }) })
  .meta({ id: "VerificationWithCredits" });

export const verifyCitizenResponseSchema = z
  .object({
    message: z.string().meta({ example: "Citizen verified" }),
    cached: z.boolean().meta({ description: "True when this is a replay of an earlier request with the same Idempotency-Key." }),
    creditDeducted: z.boolean(),
    data: verifyCitizenDataSchema,
    citizen: citizenSchema.nullable(),
    match: matchResultSchema.nullable(),
  })
  .meta({ id: "VerifyCitizenResponse" });

export const listVerificationsQuerySchema = z
  .strictObject({
    page: wholeNumber("page", 1, Number.MAX_SAFE_INTEGER).optional().meta({ description: "Page number, from 1.", example: "1" }),
    limit: wholeNumber("limit", 1, 100).optional().meta({ description: "Items per page, 1 to 100 (default 20).", example: "20" }),
    // Its own (strict) enum: the outcomes a response reports are open to new values, a filter is not.
    result: z.enum(verificationResultSchema.options).optional(),
    from: instant("from").optional().meta({ description: "Only verifications created at or after this instant." }),
    to: instant("to").optional().meta({ description: "Only verifications created before this instant." }),
    startingAfter: cursor("startingAfter", "verification").optional().meta({
      description: "A verification `id`: returns the page of older items that follows it. Stable while new items arrive.",
    }),
    endingBefore: cursor("endingBefore", "verification").optional().meta({
      description: "A verification `id`: returns the page of newer items that precedes it.",
    }),
  })
  .superRefine(checkRangeAndCursors);

export type ListVerificationsQuery = z.output<typeof listVerificationsQuerySchema>;

export const paginationSchema = z
  .object({
    page: z.number().int().optional().meta({ description: "The page number; absent on a cursor page (`startingAfter` or `endingBefore`)." }),
    limit: z.number().int(),
    total: z.number().int().meta({ description: "Items matching the filters, in every page." }),
    hasMore: z.boolean().meta({
      description: "More items follow in the direction of the request: pass the last item's `id` as `startingAfter` (or the first's as `endingBefore`).",
    }),
  })
  .meta({ id: "Pagination" });

export const listVerificationsResponseSchema = z
  .object({
    message: z.string().meta({ example: "Verifications retrieved" }),
    data: z.array(verificationSchema),
    pagination: paginationSchema,
  })
  .meta({ id: "ListVerificationsResponse" });

export const getVerificationResponseSchema = z
  .object({
    message: z.string().meta({ example: "Verification retrieved" }),
    data: verificationSchema,
    citizen: citizenSchema.nullable().meta({
      description:
        "Only for a verification that was answered `pending` and completed `verified`: the citizen details, for 24 hours after its " +
        "completion and for keys of scope `full`. Otherwise `null` (Hubi does not keep citizen details).",
    }),
  })
  .meta({ id: "GetVerificationResponse" });

export const redactVerificationResponseSchema = z
  .object({
    message: z.string().meta({ example: "Verification redacted" }),
    data: verificationSchema,
  })
  .meta({ id: "RedactVerificationResponse" });

export const verificationIdSchema = z.uuid({ error: "id must be a verification id (UUID)" });

export type VerifyCitizenRequest = z.output<typeof verifyCitizenRequestSchema>;
export type MatchRequest = z.output<typeof matchRequestSchema>;
export type MatchResult = z.infer<typeof matchResultSchema>;
export type ConsentRequest = z.output<typeof consentSchema>;
export type ConsentRecord = z.infer<typeof consentRecordSchema>;
export type LawfulBasis = z.infer<typeof lawfulBasisSchema>;
export type VerifyCitizenResponse = z.infer<typeof verifyCitizenResponseSchema>;
export type Verification = z.infer<typeof verificationSchema>;
export type Citizen = z.infer<typeof citizenSchema>;
export type VerificationResult = z.infer<typeof verificationResultSchema>;

export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x20-\x7E]{8,128}$/, "Idempotency-Key must be 8 to 128 printable ASCII characters")
  .meta({
    description:
      "Makes retries safe: the same key and body within 24 hours replays the original response. The key is shared by all API keys " +
      "of the business in this mode (a retry after rolling the API key finds it), and a replay shows only what the replaying API key " +
      "may see: a `match_only` key gets `citizen: null` whoever made the first request; a `read_only` key gets 403 before any replay.",
    example: "order-7421-kyc",
  });
