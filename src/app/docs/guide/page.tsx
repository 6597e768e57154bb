import type { Metadata } from "next";
import { headers } from "next/headers";
import Link from "next/link";
import { env } from "@/env";
import { API_HOSTS } from "@/server/openapi/document";
import { deploymentHosts } from "@/server/openapi/deployment-hosts";
import { ERROR_STATUS } from "@/contracts/errors";
import { SANDBOX_IDS, SANDBOX_LEVERS, SLOW_RESPONSE_SECONDS } from "@/contracts/sandbox";
import { EVENT_RETENTION_DAYS } from "@/contracts/events-api";
import { BATCH_MAX_ROWS } from "@/contracts/batches";
import { API_KEY_SCOPES } from "@/contracts/api-key-scopes";
import { ADDRESS_NOT_ALLOWED_MESSAGE } from "@/contracts/ip-allowlist";
import { MATCH_OUTCOMES } from "./match-outcomes";
import { CodeBlock } from "../_components/code-block";
import { DocsNav } from "../_components/docs-nav";
import { GuideSection } from "../_components/guide-section";

export const metadata: Metadata = { title: "Guide" };

const BATCH_CURL = (host: string) => `printf 'nationalId,purpose\\n11111111111,Re-verification\\n22222222222,Re-verification\\n' > customers.csv
curl -s -X POST ${host}/api/v1/batches \\
  -H "Authorization: Bearer $HUBI_API_KEY" -H "Content-Type: text/csv" \\
  --data-binary @customers.csv
curl -s ${host}/api/v1/batches/<id>/results -H "Authorization: Bearer $HUBI_API_KEY"`;

/**
 * The sandbox host the examples call: the deployment's configured one, else the host this page
 * was served from (a self-hosted or local deployment), so that examples run as pasted.
 */
async function exampleHost(): Promise<string> {
  if (env().PUBLIC_BASE_URL) return deploymentHosts().test;
  const request = await headers();
  const requested = request.get("host");
  if (!requested) return API_HOSTS.test;
  return `${request.get("x-forwarded-proto") ?? "http"}://${requested}`;
}

const curl = (host: string) => `
curl ${host}/api/v1/verify/citizen \\
  -H "Authorization: Bearer $HUBI_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: order-8841-verify" \\
  -d '{"nationalId":"11111111111","purpose":"Account opening"}'`;

const sdk = (host: string) => `
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

const ERRORS = `
import { ConflictError, HubiError, InsufficientCreditsError, RateLimitedError } from "@hubi/node";

try {
  await hubi.verifyCitizen({ nationalId });
} catch (error) {
  if (error instanceof InsufficientCreditsError) notifyBilling();
  else if (error instanceof RateLimitedError) retryLater(error.retryAfter);
  else if (error instanceof HubiError) log.warn(error.code, error.message, error.requestId);
  else throw error;
}`;

const WEBHOOK = `
import { Hubi } from "@hubi/node";

export async function POST(request: Request) {
  const body = await request.text(); // the raw body: verify before parsing
  const event = await Hubi.webhooks.verify(body, request.headers, process.env.HUBI_WEBHOOK_SECRET!);
  if (event.type === "verification_completed") await markChecked(event.data.reference);
  return new Response(null, { status: 204 });
}`;

const matchRequest = (host: string) => `
curl ${host}/api/v1/verify/citizen \\
  -H "Authorization: Bearer $HUBI_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"nationalId":"11111111111","match":{"fullName":"Aamina Xasan Cabdi","dateOfBirth":"1990-04-12"}}'`;

const MATCH_RESPONSE = `
{
  "message": "Citizen verified",
  "data": { "id": "…", "reference": "HV-20261122-7KQ2M9XD", "result": "verified", … },
  "citizen": null,          // with a match_only key; a full key also gets the registry's details
  "match": {
    "fullName": { "result": "match", "score": 0.98 },
    "dateOfBirth": { "result": "match" }
  }
}`;

const ERROR_WHEN: Record<keyof typeof ERROR_STATUS, string> = {
  BAD_REQUEST: "Malformed JSON or a validation failure; errors[] names each offending field.",
  UNAUTHORIZED: "Missing, malformed, unknown, revoked or expired key, or a key for the other environment.",
  INSUFFICIENT_CREDITS: "Live balance exhausted. Top up in the portal.",
  FORBIDDEN: "Business suspended, live key without the enterprise plan, or a read_only key calling verify.",
  NOT_FOUND: "No such verification or event for your business and mode, or an unknown path.",
  METHOD_NOT_ALLOWED: "Wrong HTTP method for the path.",
  CONFLICT: "Idempotency-Key reused with another body, or still in flight (then with Retry-After).",
  RATE_LIMITED: "More than 60 requests per minute; wait Retry-After seconds.",
  INTERNAL_ERROR: "Unexpected error. Safe to retry with the same Idempotency-Key.",
};

/** Raised by the client library itself; each has a section here, which its errors' docUrl links to. */
const CLIENT_ERROR_WHEN = {
  CONNECTION_ERROR: "No HTTP response at all (DNS, TLS, connection reset). Retried automatically; check the network or baseUrl.",
  TIMEOUT: "No response within timeoutMs (per attempt). Retried automatically; verify calls keep their idempotency key, so this is safe.",
  ABORTED: "Your AbortSignal fired: the call, or the wait before a retry, was stopped. Nothing else is retried.",
  UNEXPECTED_RESPONSE: "A response that is not the API's (a proxy's page) or an error code newer than your library version: upgrade it.",
  WEB_CRYPTO_UNAVAILABLE: "The runtime has neither globalThis.crypto nor node:crypto. Use Node.js 18+, Deno, Bun or an edge runtime.",
  WEBHOOK_VERIFICATION_FAILED: "A delivery whose signature, timestamp or headers do not check out. Answer it 400 and do not process it.",
} as const;

const LEVER_OUTCOME: Record<keyof typeof SANDBOX_LEVERS, string> = {
  insufficient_credits: "402 INSUFFICIENT_CREDITS",
  rate_limited: "429 RATE_LIMITED with Retry-After: 2",
  internal_error: "500 INTERNAL_ERROR",
  slow_response: `verified, after ${SLOW_RESPONSE_SECONDS} s (past the client library's default 10 s timeout)`,
  credits_low: "verified, and a credits_low event (balance 9, threshold 10)",
  credits_exhausted: "verified, and a credits_exhausted event (balance 0)",
};

const CATCH_UP = `
import { Hubi } from "@hubi/node";

const hubi = new Hubi({ apiKey: process.env.HUBI_API_KEY!, environment: "live" });
const downSince = new Date(Date.now() - 3600_000); // when your receiver went down

for await (const event of hubi.listAllEvents({ from: downSince })) {
  await handleOnce(event); // the same events webhooks deliver: deduplicate on event.id
}`;

const errorAnchor = (name: string) => `error-${name.toLowerCase().replace(/_/g, "-")}`;

const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-sm";

const CONSENT_REQUEST = JSON.stringify(
  {
    nationalId: "11111111111",
    purpose: "Account opening",
    consent: { obtainedAt: "2026-11-22T09:25:00Z", method: "electronic", reference: "KYC-FORM-2291" },
  },
  null,
  2,
);

export default async function GuidePage() {
  const host = await exampleHost();
  return (
    <>
      <DocsNav current="/docs/guide" />
      <main className="mx-auto max-w-3xl px-6 py-12">
        <h1 className="text-4xl font-semibold tracking-tight">Integration guide</h1>
        <p className="mt-4 text-lg text-slate-600">
          From a test key to your first live verification. Every endpoint, field and error is in the{" "}
          <Link className="underline" href="/docs">
            API reference
          </Link>
          .
        </p>

        <GuideSection id="quick-start" title="Quick start">
          <p>
            Register your business, create a test key in the portal and call the API from your backend. Keys must never reach a
            browser or mobile app.
          </p>
          <CodeBlock title="curl">{curl(host)}</CodeBlock>
          <p>
            Or with the official client library (<code className={code}>npm install @hubi/node</code>, Node.js 18+, Deno, Bun, edge
            runtimes):
          </p>
          <CodeBlock title="TypeScript">{sdk(host)}</CodeBlock>
          <p>
            When your integration works, request live access in the portal. Once approved, create a{" "}
            <code className={code}>hubi_live_…</code> key and switch to <code className={code}>environment: &quot;live&quot;</code>.
          </p>
        </GuideSection>

        <GuideSection id="sandbox" title="Sandbox magic IDs">
          <p>
            Test keys (<code className={code}>hubi_test_…</code>) never touch the real registry and cost no credits. These IDs always
            return the same outcome; any other 11 digits is <code className={code}>verified</code> with a citizen generated from the ID.
          </p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2">nationalId</th>
                <th className="py-2">result</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(SANDBOX_IDS).map(([result, id]) => (
                <tr key={id} className="border-b border-slate-100">
                  <td className="py-2 font-mono">{id}</td>
                  <td className="py-2 font-mono">{result}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            <code className={code}>citizen</code> is present only when the result is <code className={code}>verified</code>; otherwise
            it is <code className={code}>null</code>. Treat result values you do not know as not verified.
          </p>
          <p>
            <strong>Levers.</strong> These IDs force what your integration must handle, so you can rehearse it before it happens in
            production. Errors are answered before anything is recorded or counted.
          </p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2">nationalId</th>
                <th className="py-2">answer</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(SANDBOX_LEVERS).map(([lever, id]) => (
                <tr key={id} className="border-b border-slate-100">
                  <td className="py-2 font-mono">{id}</td>
                  <td className="py-2">{LEVER_OUTCOME[lever as keyof typeof SANDBOX_LEVERS]}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </GuideSection>

        <GuideSection id="pagination" title="Pagination">
          <p>
            Lists are newest first. To walk a list, pass the last item&apos;s <code className={code}>id</code> as{" "}
            <code className={code}>startingAfter</code> until <code className={code}>pagination.hasMore</code> is false (or the first
            item&apos;s as <code className={code}>endingBefore</code> to go the other way). Cursors never repeat or skip an item while
            new ones arrive. Page numbers (<code className={code}>page</code>, <code className={code}>limit</code>) remain for
            verifications, but shift when new verifications are created. A parameter given twice is 400.
          </p>
        </GuideSection>

        <GuideSection id="identity-match" title="Identity match">
          <p>
            Instead of receiving the registry&apos;s data and comparing it yourself, send what your customer told you in{" "}
            <code className={code}>match</code> (<code className={code}>fullName</code>, <code className={code}>dateOfBirth</code>, or
            both). Hubi answers with a result per field. Neither value is stored or logged: the history, the certificate and the{" "}
            <code className={code}>verification_completed</code> event keep only the results.
          </p>
          <CodeBlock title="curl">{matchRequest(host)}</CodeBlock>
          <CodeBlock title="Response">{MATCH_RESPONSE}</CodeBlock>
          <p>
            Names are compared the way Somali names are written: Somali orthography and its English and Arabic spellings (Maxamed,
            Mohamed, Muhammad, محمد), compound names in one or two words (Cabdiraxmaan, Abdi Rahman), one typo in a long name. A name is
            a chain (given name, father&apos;s, grandfather&apos;s) and order carries meaning. The score (0 to 1) ranks how alike the
            spellings are; the result decides. <code className={code}>match</code> is <code className={code}>null</code> when nothing
            was sent to match or the result is not <code className={code}>verified</code>. With the sandbox sample citizen:
          </p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2 pr-4">match.fullName sent</th>
                <th className="py-2 pr-4">result</th>
                <th className="py-2">Why</th>
              </tr>
            </thead>
            <tbody>
              {MATCH_OUTCOMES.map(([claimed, result, why]) => (
                <tr key={claimed} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-4 font-mono">{claimed}</td>
                  <td className="py-2 pr-4 font-mono">{result}</td>
                  <td className="py-2">{why}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            The same Idempotency-Key with another <code className={code}>match</code> is a payload conflict (409).
          </p>
        </GuideSection>

        <GuideSection id="consent" title="Consent and data protection">
          <p>
            Send <code className={code}>consent</code> with each verify: when your customer agreed to the lookup (
            <code className={code}>obtainedAt</code>, ISO 8601, not in the future), how (<code className={code}>written</code>,{" "}
            <code className={code}>electronic</code> or <code className={code}>verbal</code>) and, if you like, your own{" "}
            <code className={code}>reference</code> for it (a form number; no personal data). It is kept with the verification and
            shown in the history, the certificate, the export and the <code className={code}>verification_completed</code> event.
          </p>
          <CodeBlock title="Request body">{CONSENT_REQUEST}</CodeBlock>
          <p>
            New businesses require consent on live verifications: without it a live verify is 400 with{" "}
            <code className={code}>errors[]</code> on <code className={code}>consent</code>, and costs nothing. An owner can change this,
            and how long the history is kept, on the portal&apos;s Data protection page. The sandbox never requires consent.
          </p>
          <p>
            To forget a customer, redact the verification: <code className={code}>POST /api/v1/verifications/&#123;id&#125;/redact</code>{" "}
            (free, idempotent, not for read-only keys; owners also have a Redact button on the certificate). The purpose, the consent
            reference and every trace of the national ID are erased, from Hubi&apos;s logs and webhook events too; the id, reference,
            result and dates stay, with <code className={code}>redactedAt</code> set, and a <code className={code}>verification_redacted</code>{" "}
            event tells your systems to delete their copies. History older than the business&apos;s retention period (1, 2, 5 or 7
            years; 5 by default) is redacted the same way every day, without events.
          </p>
        </GuideSection>

        <GuideSection id="key-scopes" title="Key scopes">
          <p>Each API key has a scope, chosen when it is created in the portal:</p>
          <ul className="list-disc space-y-1 pl-6">
            {Object.entries(API_KEY_SCOPES).map(([scope, can]) => (
              <li key={scope}>
                <code className={code}>{scope}</code>: {can}
              </li>
            ))}
          </ul>
          <p>
            A <code className={code}>match_only</code> key is the data-minimised choice: your systems learn whether the details your
            customer gave are right, and never hold a copy of registry data they did not need.
          </p>
          <p>
            A key can also be limited to your servers&apos; addresses: up to 50 IPv4 or IPv6 addresses and CIDR ranges, set when the
            key is created or later with Edit. From anywhere else the key gets 403 <code className={code}>FORBIDDEN</code> (
            <em>{ADDRESS_NOT_ALLOWED_MESSAGE}</em>), so a leaked key is of no use outside them.
          </p>
        </GuideSection>

        <GuideSection id="idempotency" title="Idempotency">
          <p>
            Send an <code className={code}>Idempotency-Key</code> header (8 to 128 printable ASCII characters) with each verify call. A
            retry with the same key and the same body within 24 hours returns the original response with{" "}
            <code className={code}>cached: true</code> and the header <code className={code}>Idempotent-Replayed: true</code>: no
            second verification, no second credit.
          </p>
          <p>
            The same key with a different body is 409 <code className={code}>CONFLICT</code>; never retry that. A 409 with a{" "}
            <code className={code}>Retry-After</code> header means the first request is still running: retry after that delay. Failed
            requests (4xx, 5xx) are not stored, so you can fix the cause and retry with the same key. The client library generates a key
            per call and reuses it across its retries.
          </p>
        </GuideSection>

        <GuideSection id="errors" title="Errors">
          <p>
            Every error has the same body:{" "}
            <code className={code}>{`{ "status": "failed", "code", "message", "requestId", "errors"? }`}</code>. Quote the{" "}
            <code className={code}>requestId</code> (also the <code className={code}>X-Request-Id</code> header) to support.
          </p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2 pr-4">Status</th>
                <th className="py-2 pr-4">code</th>
                <th className="py-2">When</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(ERROR_STATUS).map(([name, status]) => (
                <tr key={name} id={errorAnchor(name)} className="scroll-mt-8 border-b border-slate-100 align-top">
                  <td className="py-2 pr-4">{status}</td>
                  <td className="py-2 pr-4 font-mono">{name}</td>
                  <td className="py-2">{ERROR_WHEN[name as keyof typeof ERROR_STATUS]}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>
            The client library throws one error class per code, each with a <code className={code}>docUrl</code> pointing at its row
            here. It raises these codes of its own:
          </p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2 pr-4">code</th>
                <th className="py-2">When</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(CLIENT_ERROR_WHEN).map(([name, when]) => (
                <tr key={name} id={errorAnchor(name)} className="scroll-mt-8 border-b border-slate-100 align-top">
                  <td className="py-2 pr-4 font-mono">{name}</td>
                  <td className="py-2">{when}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <CodeBlock title="TypeScript">{ERRORS}</CodeBlock>
        </GuideSection>

        <GuideSection id="batches" title="Batches">
          <p>
            To verify many customers at once, upload a file to <code className={code}>POST /api/v1/batches</code>: CSV (
            <code className={code}>Content-Type: text/csv</code>, a header row with <code className={code}>nationalId</code> and
            optionally <code className={code}>purpose</code>, <code className={code}>fullName</code>,{" "}
            <code className={code}>dateOfBirth</code>, <code className={code}>consentObtainedAt</code>,{" "}
            <code className={code}>consentMethod</code>, <code className={code}>consentReference</code>) or NDJSON (
            <code className={code}>application/x-ndjson</code>, one verify body per line), up to {BATCH_MAX_ROWS.toLocaleString("en")}{" "}
            rows. The answer is 202 with the batch (<code className={code}>queued</code>); follow it with{" "}
            <code className={code}>GET /api/v1/batches/{"{id}"}</code> or the <code className={code}>batch_completed</code> event, then
            read <code className={code}>GET /api/v1/batches/{"{id}"}/results</code>: one line per row, in input order, never citizen
            details.
          </p>
          <CodeBlock title="curl">{BATCH_CURL(host)}</CodeBlock>
          <p>
            A file that cannot be read is a 400 naming the line, and nothing is created; a bad row only becomes{" "}
            <code className={code}>invalid</code>. Each row is a verification in your history (channel{" "}
            <code className={code}>batch</code>) and costs one credit in live mode; when credits run out, the remaining rows get{" "}
            <code className={code}>insufficient_credits</code> and cost nothing. Live rows need consent when your business requires it.
            <code className={code}> POST /api/v1/batches/{"{id}"}/cancel</code> stops the rows not yet processed. Batch creations have
            their own limit of 10 a minute. The portal&apos;s Batches page and the client library&apos;s{" "}
            <code className={code}>hubi.batches</code> do the same.
          </p>
        </GuideSection>

        <GuideSection id="rate-limits" title="Rate limits">
          <p>
            60 requests per rolling minute per business, per mode and per endpoint (verify, and list/retrieve, are counted
            separately). Responses carry <code className={code}>RateLimit-Limit</code>,{" "}
            <code className={code}>RateLimit-Remaining</code> and <code className={code}>RateLimit-Reset</code> (seconds). Past the
            limit you get 429 <code className={code}>RATE_LIMITED</code> with <code className={code}>Retry-After</code>: wait that many
            seconds, then retry with exponential backoff. Rejected requests cost nothing. The client library does this for you.
          </p>
        </GuideSection>

        <GuideSection id="credits" title="Credits">
          <p>
            In live mode each successful, non-replayed call to verify, list or retrieve costs 1 credit; failed calls and idempotent
            replays are free, and the sandbox is always free (<code className={code}>creditsUsed: 0</code>). When the balance is
            exhausted calls get 402 <code className={code}>INSUFFICIENT_CREDITS</code>. The{" "}
            <code className={code}>credits_low</code> webhook warns you when the balance drops below your threshold (100 by default,
            set in the portal).
          </p>
        </GuideSection>

        <GuideSection id="webhooks" title="Webhooks">
          <p>
            Configure an HTTPS endpoint per mode in the portal. Events (<code className={code}>verification_completed</code>,{" "}
            <code className={code}>credits_low</code>, <code className={code}>credits_exhausted</code>, …) arrive as{" "}
            <code className={code}>{`{ id, type, mode, createdAt, data }`}</code>, at least once: deduplicate on{" "}
            <code className={code}>id</code>. Respond 2xx within 10 seconds; failures are retried for about 3 days.
          </p>
          <p>
            Deliveries are signed per Standard Webhooks: headers <code className={code}>webhook-id</code>,{" "}
            <code className={code}>webhook-timestamp</code> and <code className={code}>webhook-signature</code>, which holds one or more{" "}
            <code className={code}>v1,&lt;base64&gt;</code> HMAC-SHA256 signatures of{" "}
            <code className={code}>{"{id}.{timestamp}.{raw body}"}</code>, keyed with the base64-decoded part of your{" "}
            <code className={code}>whsec_…</code> secret. Verify the raw body before parsing it and reject timestamps more than 5
            minutes off:
          </p>
          <CodeBlock title="Next.js route handler">{WEBHOOK}</CodeBlock>
          <p>
            Any Standard Webhooks library (for example the standardwebhooks package) verifies these deliveries as well. For your
            receiver&apos;s tests, <code className={code}>Hubi.webhooks.sign(payload, secret)</code> returns the headers Hubi would
            send.
          </p>
        </GuideSection>

        <GuideSection id="events" title="Events">
          <p>
            Every event is kept for {EVENT_RETENTION_DAYS} days and can be read with{" "}
            <code className={code}>GET /api/v1/events</code> (filter by <code className={code}>type</code>,{" "}
            <code className={code}>from</code>, <code className={code}>to</code>) and{" "}
            <code className={code}>GET /api/v1/events/{"{id}"}</code>, free of charge, whether or not an endpoint was configured.
            Events raised while your endpoint is disabled wait and are delivered once you enable it again; the portal can also resend
            every failed delivery since a given time. After an outage, catch up like this:
          </p>
          <CodeBlock title="TypeScript">{CATCH_UP}</CodeBlock>
        </GuideSection>
      </main>
    </>
  );
}
