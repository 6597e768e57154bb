import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/page-header";
import { WebhooksPanel } from "./webhooks-panel";

export const metadata: Metadata = { title: "Webhooks" };

export default function WebhooksPage() {
  return (
    <>
      <PageHeader
        title="Webhooks"
        description="Hubi sends signed events (Standard Webhooks) to one URL per mode. Test-mode events go to the test endpoint only."
      />
      <WebhooksPanel />
    </>
  );
}
