import { PageHeader } from "@/components/ui/page-header";
import { DataProtectionView } from "@/components/data-protection/data-protection-view";

export const metadata = { title: "Data protection" };

export default function DataProtectionPage() {
  return (
    <>
      <PageHeader
        title="Data protection"
        description="Consent required on live verifications, and how long your verification history is kept before it is redacted."
      />
      <DataProtectionView />
    </>
  );
}
