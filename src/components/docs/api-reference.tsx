"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import type { ApiReferenceReact as Reference } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

// Scalar renders in the browser only; it fetches the document the API serves, so the page always
// shows what the running deployment implements.
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <LoadingReference />,
});

function LoadingReference() {
  const t = useTranslations("docs.reference");
  return <p className="px-6 py-12 text-slate-500">{t("loading")}</p>;
}

/**
 * Nothing leaves the deployment: the vendor's web fonts (fonts.scalar.com), its request proxy
 * (proxy.scalar.com), its AI agent, toolbar and telemetry are off; the page's Content Security
 * Policy would refuse them anyway. "Send request" goes to this deployment (the reference is served
 * by the API it describes) with the key the reader entered once, kept in this browser only.
 */
function configuration(serverDescription: string): React.ComponentProps<typeof Reference>["configuration"] {
  return {
    url: "/api/v1/docs/openapi.json",
    servers: [{ url: `${window.location.origin}/api/v1`, description: serverDescription }],
    proxyUrl: "",
    authentication: { preferredSecurityScheme: "apiKey" },
    persistAuth: true,
    withDefaultFonts: false,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: "never",
    documentDownloadType: "json",
    hideClientButton: true,
    defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  };
}

/** The vendor's own interface stays in English; the servers' description is ours. */
export function ApiReference() {
  const t = useTranslations("docs.reference");
  return <ApiReferenceReact configuration={configuration(t("server"))} />;
}
