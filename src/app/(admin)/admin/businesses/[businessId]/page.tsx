import { env } from "@/env";
import { BusinessDetail } from "@/components/admin/business-detail";

export default async function BusinessPage({ params }: { params: Promise<{ businessId: string }> }) {
  const { businessId } = await params;
  return <BusinessDetail businessId={businessId} largeGrant={env().LARGE_CREDIT_GRANT} />;
}
