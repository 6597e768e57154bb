/** The guide's code examples (/docs/guide): each runs as pasted against the sandbox `host`. */
import { API_HOSTS } from "./document";

export const BATCH_CURL = (host: string) => `printf 'nationalId,purpose\\n11111111111,Re-verification\\n22222222222,Re-verification\\n' > customers.csv
curl -s -X POST ${host}/api/v1/batches \\
  -H "Authorization: Bearer $HUBI_API_KEY" -H "Content-Type: text/csv" \\
  --data-binary @customers.csv
curl -s ${host}/api/v1/batches/<id>/results -H "Authorization: Bearer $HUBI_API_KEY"`;

export const verifyCurl = (host: string) => `
curl ${host}/api/v1/verify/citizen \\
  -H "Authorization: Bearer $HUBI_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-8841-verify" \\
  -d '{"nationalId":"11111111111","purpose":"Account opening"}'`;

export const sdkExample = (host: string) => `
import { Hubi } from "@hubi/node";

const hubi = new Hubi({ apiKey: process.env.HUBI_API_KEY!, environment: "test"${host === API_HOSTS.test ? "" : `, baseUrl: "${host}"`} });

const verification = await hubi.verifyCitizen({
  nationalId: "11111111111",
  purpose: "Account opening",
  match: { fullName: "Aamina Xasan Cabdi", dateOfBirth: "1990-04-12" }, // what your applicant told you
});
console.log(verification.result, verification.reference, verification.match?.fullName?.result); // verified HV-… match

for await (const item of hubi.listAllVerifications({ result: "not_found", from: "2026-11-01" })) {
  console.log(item.reference, item.createdAt);
}`;

export const ERRORS = `
import { ConflictError, HubiError, InsufficientCreditsError, RateLimitedError } from "@hubi/node";

try {
  await hubi.verifyCitizen({ nationalId });
} catch (error) {
  if (error instanceof InsufficientCreditsError) notifyBilling();
  else if (error instanceof RateLimitedError) retryLater(error.retryAfter);
  else if (error instanceof HubiError) log.warn(error.code, error.message, error.requestId);
  else throw error;
}`;

export const WEBHOOK = `
import { Hubi } from "@hubi/node";

export async function POST(request: Request) {
  const body = await request.text(); // the raw body: verify before parsing
  const event = await Hubi.webhooks.verify(body, request.headers, process.env.HUBI_WEBHOOK_SECRET!);
  if (event.type === "verification_completed") await markChecked(event.data.reference);
  return new Response(null, { status: 204 });
}`;

export const matchCurl = (host: string) => `
curl ${host}/api/v1/verify/citizen \\
  -H "Authorization: Bearer $HUBI_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"nationalId":"11111111111","match":{"fullName":"Aamina Xasan Cabdi","dateOfBirth":"1990-04-12"}}'`;

export const MATCH_RESPONSE = `
{
  "message": "Citizen verified",
  "data": { "id": "…", "reference": "HV-20261122-7KQ2M9XD", "result": "verified", … },
  "citizen": null,          // with a match_only key; a full key also gets the registry's details
  "match": {
    "fullName": { "result": "match", "score": 0.98 },
    "dateOfBirth": { "result": "match" }
  }
}`;

/** Raised by the client library itself; each has a row here, which its errors' docUrl links to. */
export const CLIENT_ERROR_CODES = ["CONNECTION_ERROR", "TIMEOUT", "ABORTED", "UNEXPECTED_RESPONSE", "WEB_CRYPTO_UNAVAILABLE", "WEBHOOK_VERIFICATION_FAILED"] as const;

export const CATCH_UP = `
import { Hubi } from "@hubi/node";

const hubi = new Hubi({ apiKey: process.env.HUBI_API_KEY!, environment: "live" });
const downSince = new Date(Date.now() - 3600_000); // when your receiver went down

for await (const event of hubi.listAllEvents({ from: downSince })) {
  await handleOnce(event); // the same events webhooks deliver: deduplicate on event.id
}`;

export const CONSENT_REQUEST = JSON.stringify(
  {
    nationalId: "11111111111",
    purpose: "Account opening",
    lawfulBasis: "consent",
    consent: { obtainedAt: "2026-11-22T09:25:00Z", method: "electronic", reference: "KYC-FORM-2291" },
  },
  null,
  2,
);
