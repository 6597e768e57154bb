import type { Metadata } from "next";
import { WebhooksTrpcProvider } from "./trpc";
import { WebhooksPanel } from "./webhooks-panel";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <main className="mx-auto max-w-5xl px-6 py-10">
      <h1 className="text-2xl font-semibold tracking-tight">Webhooks</h1>
      <p className="mt-2 text-sm text-slate-600">
        Hubi sends signed events (Standard Webhooks) to one URL per mode. Test-mode events go to the test endpoint only.
      </p>
      <WebhooksTrpcProvider>
        <WebhooksPanel />
      </WebhooksTrpcProvider>
    </main>
  );
}
