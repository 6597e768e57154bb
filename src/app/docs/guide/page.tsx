import { headers } from "next/headers";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { env } from "@/env";
import { API_HOSTS } from "@/server/openapi/document";
import { deploymentHosts } from "@/server/openapi/deployment-hosts";
import { ERROR_STATUS } from "@/contracts/errors";
import { OUTAGE_RETRY_AFTER_SECONDS, PENDING_SECONDS, SANDBOX_IDS, SANDBOX_LEVERS, SLOW_RESPONSE_SECONDS } from "@/contracts/sandbox";
import { EVENT_RETENTION_DAYS } from "@/contracts/events-api";
import { EVENT_TYPES } from "@/contracts/events";
import { EVENT_EXAMPLES } from "@/server/openapi/examples";
import { TOO_LARGE_MESSAGE } from "@/server/http/read-body";
import { BATCH_MAX_ROWS } from "@/contracts/batches";
import { API_KEY_SCOPES } from "@/contracts/api-key-scopes";
import { ADDRESS_NOT_ALLOWED_MESSAGE } from "@/contracts/ip-allowlist";
import { pageTitle } from "@/i18n/page-title";
import { MATCH_OUTCOMES } from "@/server/matching/match-outcomes";
import { BATCH_CURL, CATCH_UP, CLIENT_ERROR_CODES, CONSENT_REQUEST, ERRORS, MATCH_RESPONSE, WEBHOOK, matchCurl, sdkExample, verifyCurl } from "@/server/openapi/guide-examples";
import { CodeBlock } from "@/components/docs/code-block";
import { DocsNav } from "@/components/docs/docs-nav";
import { GuideSection } from "@/components/docs/guide-section";
import { errorAnchor, INLINE_CODE, TAGS } from "@/components/docs/guide-markup";

export const generateMetadata = pageTitle("docs", "guide.title");

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
          <CodeBlock title={codeTitle("curl")}>{verifyCurl(host)}</CodeBlock>
          <p>{rich("quickStart.library")}</p>
          <CodeBlock title={codeTitle("typescript")}>{sdkExample(host)}</CodeBlock>
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
          <p>{rich("sandbox.results")}</p>
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
                  <td className="py-2">{rich(`sandbox.leverOutcome.${lever}`, { seconds: SLOW_RESPONSE_SECONDS, pendingSeconds: PENDING_SECONDS, retryAfter: OUTAGE_RETRY_AFTER_SECONDS })}</td>
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
          <CodeBlock title={codeTitle("curl")}>{matchCurl(host)}</CodeBlock>
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
                <code className={INLINE_CODE}>{scope}</code>: {rich(`keyScopes.scopes.${scope}`)}
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

        <GuideSection id="slow-registry" title={guide("slowRegistry.title")}>
          <p>{rich("slowRegistry.intro")}</p>
          <p>{rich("slowRegistry.plain")}</p>
          <p>{rich("slowRegistry.async")}</p>
          <p>{rich("slowRegistry.outage")}</p>
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
                  <td className="py-2">{rich(`errors.api.${name}`)}</td>
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
                  <td className="py-2">{rich(`errors.client.${name}`)}</td>
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
          {/* Fixed columns: an opened example scrolls inside its cell instead of widening the table past a phone's screen. */}
          <table className="w-full table-fixed text-left text-sm">
            <thead>
              <tr className="border-b border-slate-200">
                <th className="w-2/5 py-2 pr-4">{guide("webhooks.type")}</th>
                <th className="py-2">{guide("webhooks.meaning")}</th>
              </tr>
            </thead>
            <tbody>
              {EVENT_TYPES.map((type) => (
                <tr key={type} id={`event-${type}`} className="scroll-mt-8 border-b border-slate-100 align-top">
                  <td className="py-2 pr-4 font-mono [overflow-wrap:anywhere]">{type}</td>
                  <td className="py-2">
                    {rich(`webhooks.types.${type}`)}
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
