"use client";

import dynamic from "next/dynamic";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import type { ApiReferenceReact as Reference } from "@scalar/api-reference-react";
import "@scalar/api-reference-react/style.css";
import "./api-reference.css";
import { Notice } from "@/components/ui/states";
import { useBrowserValue } from "@/components/ui/use-hydrated";
import { useTRPC } from "@/trpc/client";
import { useSubmission } from "@/trpc/use-submission";

// Scalar renders in the browser only; it fetches the document the API serves, so the page always
// shows what the running deployment implements.
const ApiReferenceReact = dynamic(() => import("@scalar/api-reference-react").then((m) => m.ApiReferenceReact), {
  ssr: false,
  loading: () => <LoadingReference />,
});

function LoadingReference() {
  const t = useTranslations("docs.reference");
  return <p className="px-6 py-12 text-slate-600">{t("loading")}</p>;
}

/** The page's origin: known in the browser only, so server rendering waits for it (null). */
const useOrigin = () => useBrowserValue(() => window.location.origin, null);

/**
 * Nothing leaves the deployment: the vendor's web fonts (fonts.scalar.com), its request proxy
 * (proxy.scalar.com), its AI agent, toolbar and telemetry are off; the page's Content Security
 * Policy would refuse them anyway. "Send request" goes to this deployment (the reference is served
 * by the API it describes). Nothing the reader types is kept (persistAuth off): a key may be live.
 * A signed-in developer gets a sandbox key minted for the page, held in memory only.
 */
function configuration(origin: string, serverDescription: string, key: string | undefined): React.ComponentProps<typeof Reference>["configuration"] {
  return {
    url: "/api/v1/docs/openapi.json",
    servers: [{ url: `${origin}/api/v1`, description: serverDescription }],
    proxyUrl: "",
    authentication: { preferredSecurityScheme: "apiKey", ...(key && { securitySchemes: { apiKey: { token: key } } }) },
    persistAuth: false,
    withDefaultFonts: false,
    // The light theme is the one our contrast corrections cover (api-reference.css).
    forceDarkModeState: "light",
    hideDarkModeToggle: true,
    telemetry: false,
    agent: { disabled: true },
    showDeveloperTools: "never",
    documentDownloadType: "json",
    hideClientButton: true,
    defaultHttpClient: { targetKey: "shell", clientKey: "curl" },
  };
}

/** A sandbox key for this page, when the reader may create keys; undefined until it is there. */
function useReferenceKey(enabled: boolean) {
  const trpc = useTRPC();
  const mutation = useSubmission(trpc.keys.createReferenceKey.mutationOptions());
  const { submit } = mutation;
  useEffect(() => {
    if (enabled) submit({});
    // Once per page: the key lives as long as the page's memory.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [enabled]);
  return { key: mutation.data?.key, settled: !enabled || mutation.isSuccess || mutation.isError };
}

/** The vendor's own interface stays in English; the servers' description and our notes are ours. */
export function ApiReference({ canCreateKeys }: { canCreateKeys: boolean }) {
  const t = useTranslations("docs.reference");
  const origin = useOrigin();
  const { key, settled } = useReferenceKey(canCreateKeys);
  if (!origin || !settled) return <LoadingReference />;
  return (
    <>
      {key && (
        <div className="mx-auto max-w-6xl px-6 pt-4">
          <Notice>{t("sandboxKey")}</Notice>
        </div>
      )}
      <ApiReferenceReact configuration={configuration(origin, t("server"), key)} />
    </>
  );
}
