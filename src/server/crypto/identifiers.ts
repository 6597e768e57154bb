/** Identifiers people read: certificate references and request ids. */
import { randomBytes } from "node:crypto";

const CROCKFORD = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";

function crockford(length: number): string {
  const bytes = randomBytes(length);
  let out = "";
  for (const b of bytes) out += CROCKFORD[b & 31];
  return out;
}

/** `HV-20261122-7KQ2M9XD`: the UTC date and 40 random bits, unambiguous to read aloud. */
export function newReference(at: Date): string {
  const day = at.toISOString().slice(0, 10).replaceAll("-", "");
  return `HV-${day}-${crockford(8)}`;
}

export function newRequestId(): string {
  return `req_${crockford(20)}`;
}
