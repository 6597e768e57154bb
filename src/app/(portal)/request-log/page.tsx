import { PageHeader } from "@/components/ui/page-header";
import { RoleGate } from "@/app/(portal)/role-gate";
import { RequestLogView } from "@/components/request-log/request-log-view";

export const metadata = { title: "Request log" };

export default function RequestLogPage() {
  return (
    <RoleGate min="developer">
      <PageHeader title="Request log" description="Find a request by the ID in its X-Request-Id header when you contact support." />
      <RequestLogView />
    </RoleGate>
  );
}
