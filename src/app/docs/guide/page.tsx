import { headers } from "next/headers";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { env } from "@/env";
import { API_HOSTS } from "@/server/openapi/document";
import { deploymentHosts } from "@/server/openapi/deployment-hosts";
import { ERROR_STATUS } from "@/contracts/errors";
import { SANDBOX_IDS, SANDBOX_LEVERS, SLOW_RESPONSE_SECONDS } from "@/contracts/sandbox";
import { EVENT_RETENTION_DAYS } from "@/contracts/events-api";
import { EVENT_TYPES } from "@/contracts/events";
import { EVENT_EXAMPLES } from "@/server/openapi/examples";
import { TOO_LARGE_MESSAGE } from "@/server/http/read-body";
import { BATCH_MAX_ROWS } from "@/contracts/batches";
import { API_KEY_SCOPES } from "@/contracts/api-key-scopes";
import { ADDRESS_NOT_ALLOWED_MESSAGE } from "@/contracts/ip-allowlist";
import { pageTitle } from "@/i18n/page-title";
import { MATCH_OUTCOMES } from "../../../server/matching/match-outcomes";
import { CodeBlock } from "../../../components/docs/code-block";
import { DocsNav } from "../../../components/docs/docs-nav";
import { GuideSection } from "../../../components/docs/guide-section";

export const generateMetadata = pageTitle("docs", "guide.title");

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

/** Raised by the client library itself; each has a row here, which its errors' docUrl links to. */
const CLIENT_ERROR_CODES = ["CONNECTION_ERROR", "TIMEOUT", "ABORTED", "UNEXPECTED_RESPONSE", "WEB_CRYPTO_UNAVAILABLE", "WEBHOOK_VERIFICATION_FAILED"] as const;

const CATCH_UP = `
import { Hubi } from "@hubi/node";

const hubi = new Hubi({ apiKey: process.env.HUBI_API_KEY!, environment: "live" });
const downSince = new Date(Date.now() - 3600_000); // when your receiver went down

for await (const event of hubi.listAllEvents({ from: downSince })) {
  await handleOnce(event); // the same events webhooks deliver: deduplicate on event.id
}`;

const errorAnchor = (name: string) => `error-${name.toLowerCase().replace(/_/g, "-")}`;

const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-sm";

/** The markup the guide's messages use: <c> inline code, <b> bold, <em> a quoted API message. */
const TAGS = {
  c: (chunks: React.ReactNode) => <code className={code}>{chunks}</code>,
  b: (chunks: React.ReactNode) => <strong>{chunks}</strong>,
  em: (chunks: React.ReactNode) => <em>{chunks}</em>,
};

const CONSENT_REQUEST = JSON.stringify(
  {
    nationalId: "11111111111",
    purpose: "Account opening",
    lawfulBasis: "consent",
    consent: { obtainedAt: "2026-11-22T09:25:00Z", method: "electronic", reference: "KYC-FORM-2291" },
  },
  null,
  2,
);

export default async function GuidePage() {
  const [host, guide, codeTitle] = await Promise.all([exampleHost(), getTranslations("docs.guide"), getTranslations("docs.code")]);
  // Every paragraph of the guide: its message with the shared markup and any code it quotes.
  const rich = (key: string, values: Record<string, string | number> = {}) => guide.rich(key, { ...TAGS, ...values });
  return (
    <>
      <DocsNav current="/docs/guide" />
      <main className="mx-auto max-w-3xl px-6 py-12">
        <h1 className="text-4xl font-semibold tracking-tight">{guide("heading")}</h1>
        <p className="mt-4 text-lg text-slate-600">
          {guide.rich("intro", {
            link: (chunks) => (
              <Link className="underline" href="/docs">
                {chunks}
              </Link>
            ),
          })}
        </p>

        <GuideSection id="quick-start" title={guide("quickStart.title")}>
          <p>{rich("quickStart.register")}</p>
          <CodeBlock title={codeTitle("curl")}>{curl(host)}</CodeBlock>
          <p>{rich("quickStart.library")}</p>
          <CodeBlock title={codeTitle("typescript")}>{sdk(host)}</CodeBlock>
          <p>{rich("quickStart.goLive", { liveEnvironment: 'environment: "live"' })}</p>
        </GuideSection>

        <GuideSection id="sandbox" title={guide("sandbox.title")}>
          <p>{rich("sandbox.intro")}</p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2">{guide("sandbox.nationalId")}</th>
                <th className="py-2">{guide("sandbox.result")}</th>
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
          <p>{rich("sandbox.citizen")}</p>
          <p>{rich("sandbox.levers")}</p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2">{guide("sandbox.nationalId")}</th>
                <th className="py-2">{guide("sandbox.answer")}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(SANDBOX_LEVERS).map(([lever, id]) => (
                <tr key={id} className="border-b border-slate-100">
                  <td className="py-2 font-mono">{id}</td>
                  <td className="py-2">{guide(`sandbox.leverOutcome.${lever}`, { seconds: SLOW_RESPONSE_SECONDS })}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </GuideSection>

        <GuideSection id="pagination" title={guide("pagination.title")}>
          <p>{rich("pagination.body")}</p>
        </GuideSection>

        <GuideSection id="identity-match" title={guide("identityMatch.title")}>
          <p>{rich("identityMatch.intro")}</p>
          <CodeBlock title={codeTitle("curl")}>{matchRequest(host)}</CodeBlock>
          <CodeBlock title={codeTitle("response")}>{MATCH_RESPONSE}</CodeBlock>
          <p>{rich("identityMatch.names")}</p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2 pr-4">{guide("identityMatch.sent")}</th>
                <th className="py-2 pr-4">{guide("identityMatch.result")}</th>
                <th className="py-2">{guide("identityMatch.why")}</th>
              </tr>
            </thead>
            <tbody>
              {MATCH_OUTCOMES.map(([claimed, result, why]) => (
                <tr key={claimed} className="border-b border-slate-100 align-top">
                  <td className="py-2 pr-4 font-mono">{claimed}</td>
                  <td className="py-2 pr-4 font-mono">{result}</td>
                  <td className="py-2">{guide(`identityMatch.outcomes.${why}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{rich("identityMatch.conflict")}</p>
        </GuideSection>

        <GuideSection id="consent" title={guide("consent.title")}>
          <p>{rich("consent.send")}</p>
          <CodeBlock title={codeTitle("requestBody")}>{CONSENT_REQUEST}</CodeBlock>
          <p>{rich("consent.required")}</p>
          <p>{rich("consent.redact", { redactPath: "POST /api/v1/verifications/{id}/redact" })}</p>
        </GuideSection>

        <GuideSection id="key-scopes" title={guide("keyScopes.title")}>
          <p>{guide("keyScopes.intro")}</p>
          <ul className="list-disc space-y-1 pl-6">
            {Object.keys(API_KEY_SCOPES).map((scope) => (
              <li key={scope}>
                <code className={code}>{scope}</code>: {rich(`keyScopes.scopes.${scope}`)}
              </li>
            ))}
          </ul>
          <p>{rich("keyScopes.matchOnly")}</p>
          {/* The API's own refusal is quoted as it is sent: API messages stay English. */}
          <p>{rich("keyScopes.addresses", { message: ADDRESS_NOT_ALLOWED_MESSAGE })}</p>
        </GuideSection>

        <GuideSection id="idempotency" title={guide("idempotency.title")}>
          <p>{rich("idempotency.send")}</p>
          <p>{rich("idempotency.conflict")}</p>
        </GuideSection>

        <GuideSection id="errors" title={guide("errors.title")}>
          <p>{rich("errors.body", { errorBody: '{ "status": "failed", "code", "message", "requestId", "errors"? }' })}</p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2 pr-4">{guide("errors.status")}</th>
                <th className="py-2 pr-4">{guide("errors.code")}</th>
                <th className="py-2">{guide("errors.when")}</th>
              </tr>
            </thead>
            <tbody>
              {Object.entries(ERROR_STATUS).map(([name, status]) => (
                <tr key={name} id={errorAnchor(name)} className="scroll-mt-8 border-b border-slate-100 align-top">
                  <td className="py-2 pr-4">{status}</td>
                  <td className="py-2 pr-4 font-mono">{name}</td>
                  <td className="py-2">{guide(`errors.api.${name}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{rich("errors.library")}</p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2 pr-4">{guide("errors.code")}</th>
                <th className="py-2">{guide("errors.when")}</th>
              </tr>
            </thead>
            <tbody>
              {CLIENT_ERROR_CODES.map((name) => (
                <tr key={name} id={errorAnchor(name)} className="scroll-mt-8 border-b border-slate-100 align-top">
                  <td className="py-2 pr-4 font-mono">{name}</td>
                  <td className="py-2">{guide(`errors.client.${name}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <CodeBlock title={codeTitle("typescript")}>{ERRORS}</CodeBlock>
          <p>{rich("errors.bodyLimit", { tooLarge: TOO_LARGE_MESSAGE })}</p>
        </GuideSection>

        <GuideSection id="batches" title={guide("batches.title")}>
          <p>{rich("batches.upload", { maxRows: BATCH_MAX_ROWS, batchPath: "GET /api/v1/batches/{id}", resultsPath: "GET /api/v1/batches/{id}/results" })}</p>
          <CodeBlock title={codeTitle("curl")}>{BATCH_CURL(host)}</CodeBlock>
          <p>{rich("batches.rules", { cancelPath: "POST /api/v1/batches/{id}/cancel" })}</p>
        </GuideSection>

        <GuideSection id="rate-limits" title={guide("rateLimits.title")}>
          <p>{rich("rateLimits.body")}</p>
        </GuideSection>

        <GuideSection id="credits" title={guide("credits.title")}>
          <p>{rich("credits.body")}</p>
        </GuideSection>

        <GuideSection id="webhooks" title={guide("webhooks.title")}>
          <p>{rich("webhooks.events", { eventShape: "{ id, type, mode, createdAt, data }" })}</p>
          <table className="w-full text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="py-2 pr-4">{guide("webhooks.type")}</th>
                <th className="py-2">{guide("webhooks.meaning")}</th>
              </tr>
            </thead>
            <tbody>
              {EVENT_TYPES.map((type) => (
                <tr key={type} id={`event-${type}`} className="scroll-mt-8 border-b border-slate-100 align-top">
                  <td className="py-2 pr-4 font-mono">{type}</td>
                  <td className="py-2">
                    {guide(`webhooks.types.${type}`)}
                    <details className="mt-1">
                      <summary className="cursor-pointer text-slate-600">{guide("webhooks.example")}</summary>
                      <CodeBlock title={codeTitle("deliveryBody")}>{JSON.stringify(EVENT_EXAMPLES[type], null, 2)}</CodeBlock>
                    </details>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p>{rich("webhooks.listen", { listenCommand: "HUBI_API_KEY=… npm run cli -- listen --base-url <Hubi URL> --forward-to http://localhost:4000/hooks" })}</p>
          <p>{rich("webhooks.signing", { signatureFormat: "v1,<base64>", signedContent: "{id}.{timestamp}.{raw body}" })}</p>
          <CodeBlock title={codeTitle("routeHandler")}>{WEBHOOK}</CodeBlock>
          <p>{rich("webhooks.libraries")}</p>
        </GuideSection>

        <GuideSection id="events" title={guide("events.title")}>
          <p>{rich("events.body", { days: EVENT_RETENTION_DAYS, eventPath: "GET /api/v1/events/{id}" })}</p>
          <CodeBlock title={codeTitle("typescript")}>{CATCH_UP}</CodeBlock>
          <p>{rich("events.feed", { feedPath: "GET /api/v1/events/feed" })}</p>
        </GuideSection>
      </main>
    </>
  );
}
