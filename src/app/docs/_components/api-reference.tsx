"use client";

import dynamic from "next/dynamic";

// Scalar renders in the browser only; it fetches the document the API serves, so the page always
// shows what the running deployment implements.
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <p className="px-6 py-12 text-slate-500">Loading the API reference…</p>,
});

/**
 * Nothing leaves the deployment: the vendor's web fonts (fonts.scalar.com), its AI agent (which
 * searches a registry through proxy.scalar.com) and its telemetry are off; the page's Content
 * Security Policy would refuse them anyway.
 */
const CONFIGURATION = {
  url: "/api/v1/docs/openapi.json",
  hideDarkModeToggle: false,
  withDefaultFonts: false,
  telemetry: false,
  agent: { disabled: true },
};

export function ApiReference() {
  return <ApiReferenceReact configuration={CONFIGURATION} />;
}
