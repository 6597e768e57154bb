import { PageHeader } from "@/components/ui/page-header";
import { RoleGate } from "@/app/(portal)/role-gate";
import { VerifyForm } from "@/components/verify/verify-form";

export const metadata = { title: "Verify" };

export default function VerifyPage() {
  return (
    <RoleGate min="developer">
      <PageHeader title="Verify" description="Run a single verification from the portal. It is recorded in History like an API call." />
      <VerifyForm />
    </RoleGate>
  );
}
