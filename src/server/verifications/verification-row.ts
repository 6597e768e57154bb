import type { ConsentRecord, LawfulBasis, MatchResult, Verification } from "@/contracts/verifications";

/** The public list-item shape (also the verification_completed event data): no citizen details. */
export function toVerification(v: Verification & Record<string, unknown>): Verification {
  return {
    id: v.id,
    reference: v.reference,
    result: v.result,
    purpose: v.purpose,
    channel: v.channel,
    match: v.match,
    consent: v.consent,
    lawfulBasis: v.lawfulBasis,
    redactedAt: v.redactedAt,
    createdAt: v.createdAt,
  };
}

export type VerificationRow = {
  id: string;
  reference: string;
  result: Verification["result"];
  purpose: string | null;
  channel: Verification["channel"];
  match: MatchResult | null;
  consent: ConsentRecord | null;
  lawful_basis: LawfulBasis | null;
  redacted_at: Date | null;
  created_at: Date;
};

export const VERIFICATION_COLUMNS = "id, reference, result, purpose, channel, match, consent, lawful_basis, redacted_at, created_at";

export function fromRow(r: VerificationRow): Verification {
  return {
    id: r.id,
    reference: r.reference,
    result: r.result,
    purpose: r.purpose,
    channel: r.channel,
    match: r.match,
    consent: r.consent,
    lawfulBasis: r.lawful_basis,
    redactedAt: r.redacted_at?.toISOString() ?? null,
    createdAt: r.created_at.toISOString(),
  };
}
