"use client";

import dynamic from "next/dynamic";
import type { ApiReferenceReact as Reference } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";

// Scalar renders in the browser only; it fetches the document the API serves, so the page always
// shows what the running deployment implements.
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <p className="px-6 py-12 text-slate-500">Loading the API reference…</p>,
});

/**
 * Nothing leaves the deployment: the vendor's web fonts (fonts.scalar.com), its request proxy
 * (proxy.scalar.com), its AI agent, toolbar and telemetry are off; the page's Content Security
 * Policy would refuse them anyway. "Send request" goes to this deployment (the reference is served
 * by the API it describes) with the key the reader entered once, kept in this browser only.
 */
function configuration(): React.ComponentProps<typeof Reference>["configuration"] {
  return {
    url: "/api/v1/docs/openapi.json",
    servers: [{ url: `${window.location.origin}/api/v1`, description: "This deployment (the key decides sandbox or production)" }],
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

export function ApiReference() {
  return <ApiReferenceReact configuration={configuration()} />;
}
