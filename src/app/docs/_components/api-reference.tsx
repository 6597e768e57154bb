"use client";

import dynamic from "next/dynamic";

// Scalar renders in the browser only; it fetches the document the API serves, so the page always
// shows what the running deployment implements.
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <p className="px-6 py-12 text-slate-500">Loading the API reference…</p>,
});

export function ApiReference() {
  return <ApiReferenceReact configuration={{ url: "/api/v1/docs/openapi.json", hideDarkModeToggle: false }} />;
}
