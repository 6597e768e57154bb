import { PageHeader } from "@/components/ui/page-header";
import { LiveAccessView } from "./live-access-view";

export const metadata = { title: "Live access" };

export default function LiveAccessPage() {
  return (
    <>
      <PageHeader
        title="Live access"
        description="Live keys verify against the national registry and use credits. Tell us who you are and how you will use Hubi; a Hubi administrator reviews every application."
      />
      <LiveAccessView />
    </>
  );
}
