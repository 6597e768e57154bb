/**
 * The sandbox registry (product rules §11): documented magic IDs for each outcome, and for any other
 * ID a citizen generated deterministically from it (same ID, same person). Never touches real data.
 * The slow levers answer late within the caller's time budget, and the outage lever is refused at
 * once, as the gateway's circuit breaker refuses (product rules §26).
 */
import { createHash } from "node:crypto";
import { OUTAGE_RETRY_AFTER_SECONDS, PENDING_SECONDS, SANDBOX_IDS, SANDBOX_LEVERS, SLOW_RESPONSE_SECONDS } from "@/contracts/sandbox";
import type { Citizen } from "@/contracts/verifications";
import { RegistryUnavailableError, type CitizenRegistry, type LookupOptions, type RegistryMatch } from "./types";
import { registryDelay } from "./wait";

const SAMPLE_CITIZEN: Citizen = { fullName: "Amina Hassan Abdi", dateOfBirth: "1990-04-12", dateOfIssue: "2019-06-01" };

const GIVEN = ["Amina", "Hodan", "Faadumo", "Sahra", "Ayaan", "Ifrah", "Nimco", "Khadra", "Maryan", "Asha",
  "Abdi", "Mohamed", "Ahmed", "Hassan", "Yusuf", "Omar", "Ali", "Abdirahman", "Ismail", "Mahad"];
const FAMILY = ["Hassan", "Abdi", "Warsame", "Farah", "Jama", "Osman", "Aden", "Nur", "Ibrahim", "Hussein",
  "Mohamud", "Dahir", "Egal", "Samatar", "Yusuf", "Guled", "Elmi", "Hersi", "Barre", "Ali"];

const iso = (d: Date) => d.toISOString().slice(0, 10);

function generated(nationalId: string): Citizen {
  const h = createHash("sha256").update(`hubi-sandbox:${nationalId}`).digest();
  const born = new Date(Date.UTC(1950 + (h[3]! % 56), h[4]! % 12, 1 + (h[5]! % 28)));
  const issued = new Date(Date.UTC(Math.max(born.getUTCFullYear() + 18, 2016) + (h[6]! % 8), h[7]! % 12, 1 + (h[8]! % 28)));
  return {
    fullName: `${GIVEN[h[0]! % GIVEN.length]} ${FAMILY[h[1]! % FAMILY.length]} ${FAMILY[h[2]! % FAMILY.length]}`,
    dateOfBirth: iso(born),
    dateOfIssue: iso(issued),
  };
}

function lookup(nationalId: string): RegistryMatch {
  switch (nationalId) {
    case SANDBOX_IDS.verified:
      return { result: "verified", citizen: SAMPLE_CITIZEN };
    case SANDBOX_IDS.not_found:
      return { result: "not_found", citizen: null };
    case SANDBOX_IDS.expired:
      return { result: "expired", citizen: null };
    case SANDBOX_IDS.revoked:
      return { result: "revoked", citizen: null };
    case SANDBOX_IDS.deceased:
      return { result: "deceased", citizen: null };
    default:
      return { result: "verified", citizen: generated(nationalId) };
  }
}

const DELAY_MS = new Map<string, number>([
  [SANDBOX_LEVERS.slow_response, SLOW_RESPONSE_SECONDS * 1000],
  [SANDBOX_LEVERS.pending, PENDING_SECONDS * 1000],
]);

async function answer(nationalIds: string[], options: LookupOptions = {}): Promise<RegistryMatch[]> {
  if (nationalIds.includes(SANDBOX_LEVERS.registry_outage)) throw new RegistryUnavailableError("circuit_open", OUTAGE_RETRY_AFTER_SECONDS);
  const delay = Math.max(0, ...nationalIds.map((id) => DELAY_MS.get(id) ?? 0));
  if (delay > 0) await registryDelay(delay, options.answerSignal ?? options.signal);
  return nationalIds.map(lookup);
}

export const sandboxRegistry: CitizenRegistry = {
  lookup: async (nationalId, options) => (await answer([nationalId], options))[0]!,
  // The levers are for single verifies: in a batch they are ordinary IDs (an outage would hold its chunk forever).
  lookupMany: async (nationalIds) => nationalIds.map(lookup),
};
