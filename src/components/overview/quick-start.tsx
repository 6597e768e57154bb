"use client";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { CopyButton } from "@/components/ui/copy-button";
import { cn } from "@/components/ui/cn";
import { usePortal } from "@/components/portal/portal-context";

/** A deployment with configured public hosts is what the client library targets by default; elsewhere (local, self-hosted) the snippet passes `baseUrl`. */
function snippets(mode: "test" | "live", baseUrl: string, hostIsConfigured: boolean) {
  const baseUrlOption = hostIsConfigured ? "" : `, baseUrl: "${baseUrl}"`;
  return mode === "live" ? liveSnippets(baseUrl, baseUrlOption) : {
    curl: `curl -X POST ${baseUrl}/api/v1/verify/citizen \\
  -H "Authorization: Bearer $HUBI_API_KEY" \\
  -H "Content-Type: application/json" \\
  -d '{"nationalId": "11111111111", "purpose": "KYC"}'`,
    node: `import { Hubi } from "@hubi/node";

const hubi = new Hubi({ apiKey: process.env.HUBI_API_KEY, environment: "${mode}"${baseUrlOption} });
const v = await hubi.verifyCitizen({ nationalId: "11111111111", purpose: "KYC" });
console.log(v.result, v.reference);`,
  };
}

/**
 * Live calls verify a real customer: their ID, the consent they gave (recorded; required only when
 * the business switches it on) and an Idempotency-Key, so that a retry never pays twice.
 */
function liveSnippets(baseUrl: string, baseUrlOption: string) {
  return {
    curl: `curl -X POST ${baseUrl}/api/v1/verify/citizen \\
  -H "Authorization: Bearer $HUBI_API_KEY" \\
  -H "Content-Type: application/json" \\
  -H "Idempotency-Key: $APPLICATION_ID-verify" \\
  -d '{"nationalId": "'"$CUSTOMER_NATIONAL_ID"'", "purpose": "Account opening",
       "consent": {"obtainedAt": "'"$CONSENT_TIME"'", "method": "electronic", "reference": "'"$APPLICATION_ID"'"}}'`,
    node: `import { Hubi } from "@hubi/node";

const hubi = new Hubi({ apiKey: process.env.HUBI_API_KEY, environment: "live"${baseUrlOption} });
const v = await hubi.verifyCitizen(
  {
    nationalId: application.nationalId,
    purpose: "Account opening",
    consent: { obtainedAt: application.consentedAt.toISOString(), method: "electronic", reference: application.id },
  },
  { idempotencyKey: \`\${application.id}-verify\` },
);
console.log(v.result, v.reference);`,
  };
}

const TABS = [
  { id: "curl", label: "curl" },
  { id: "node", label: "Node.js" },
] as const;

export function QuickStart({ baseUrl, hostIsConfigured }: { baseUrl: string; hostIsConfigured: boolean }) {
  const t = useTranslations("overview.quickStart");
  const { mode } = usePortal();
  const [tab, setTab] = useState<(typeof TABS)[number]["id"]>("curl");
  const code = snippets(mode, baseUrl, hostIsConfigured)[tab];
  return (
    <Card>
      <CardHeader
        title={t("title")}
        description={mode === "test" ? t("test") : t("live")}
      />
      <CardBody>
        <div role="tablist" aria-label={t("tabs")} className="mb-3 flex gap-1">
          {TABS.map((snippet) => (
            <button
              key={snippet.id}
              role="tab"
              aria-selected={tab === snippet.id}
              onClick={() => setTab(snippet.id)}
              className={cn(
                "rounded-md px-3 py-1 text-sm font-medium focus-visible:outline-2 focus-visible:outline-blue-800",
                tab === snippet.id ? "bg-slate-900 text-white" : "text-slate-700 hover:bg-slate-100",
              )}
            >
              {snippet.label}
            </button>
          ))}
        </div>
        <div role="tabpanel" className="relative">
          <pre className="overflow-x-auto rounded-md bg-slate-900 p-4 text-xs leading-relaxed text-slate-100">
            <code>{code}</code>
          </pre>
          <div className="absolute right-2 top-2">
            <CopyButton text={code} label={t("copy")} />
          </div>
        </div>
      </CardBody>
    </Card>
  );
}
