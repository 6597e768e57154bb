/**
 * What the registry gateway answers, as zod schemas, and how an answer becomes a verification
 * result (product rules, "The national registry gateway"). A body that does not match is an
 * upstream fault, never a result; a status Hubi does not know is a fault of that one record.
 */
import { z } from "zod";
import type { RegistryMatch } from "../types";

const date = z.iso.date();

const person = z.object({
  givenName: z.string().min(1),
  fatherName: z.string().min(1),
  grandfatherName: z.string().min(1),
  familyName: z.string().min(1).nullable(),
  dateOfBirth: date,
  sex: z.string(),
});

/** A found record. `status` stays a string: an unknown value is the record's fault, not the body's. */
const record = z.object({
  nin: z.string(),
  status: z.string().min(1),
  person,
  card: z.object({ serialNumber: z.string(), issueDate: date, expiryDate: date }),
});

export const lookupBody = record;
export const notFoundBody = z.object({ error: z.literal("not_found") });
export const batchBody = z.object({
  results: z.array(z.union([record.extend({ found: z.literal(true) }), z.object({ nin: z.string(), found: z.literal(false) })])),
});
export const tokenBody = z.object({ access_token: z.string().min(1), token_type: z.string(), expires_in: z.number().positive() });
export const errorBody = z.object({ error: z.string() });

export type GatewayRecord = z.infer<typeof record>;

/** A record the gateway answered that cannot become a result (a status Hubi does not know). */
export const RECORD_FAULT = Symbol("record fault");

const todayUtc = () => new Date().toISOString().slice(0, 10);

/** Product rules §27: DECEASED → deceased, REVOKED → revoked, ACTIVE → verified, or expired once the card's expiry date has passed. */
export function toMatch(r: GatewayRecord): RegistryMatch | typeof RECORD_FAULT {
  switch (r.status) {
    case "DECEASED":
      return { result: "deceased", citizen: null };
    case "REVOKED":
      return { result: "revoked", citizen: null };
    case "ACTIVE":
      if (r.card.expiryDate < todayUtc()) return { result: "expired", citizen: null };
      return { result: "verified", citizen: { fullName: fullName(r.person), dateOfBirth: r.person.dateOfBirth, dateOfIssue: r.card.issueDate } };
    default:
      return RECORD_FAULT;
  }
}

/** `givenName fatherName grandfatherName [familyName]`, single spaces. */
function fullName(p: GatewayRecord["person"]): string {
  return [p.givenName, p.fatherName, p.grandfatherName, p.familyName].filter(Boolean).join(" ").replace(/\s+/g, " ").trim();
}
