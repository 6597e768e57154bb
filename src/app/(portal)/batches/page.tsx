import { PageHeader } from "@/components/ui/page-header";
import { RoleGate } from "@/app/(portal)/role-gate";
import { BatchesView } from "./batches-view";

export const metadata = { title: "Batches" };

export default function BatchesPage() {
  return (
    <RoleGate min="developer">
      <PageHeader
        title="Batches"
        description="Verify a whole customer base at once: each row becomes a verification in your history, charged one credit in live mode."
      />
      <BatchesView />
    </RoleGate>
  );
}
