import { PageHeader } from "@/components/ui/page-header";
import { KeysView } from "@/components/keys/keys-view";
import { RoleGate } from "@/app/(portal)/role-gate";

export const metadata = { title: "API keys" };

export default function KeysPage() {
  return (
    <RoleGate min="developer">
      <PageHeader title="API keys" description="Test keys call the sandbox; live keys call the national registry and use credits." />
      <KeysView />
    </RoleGate>
  );
}
