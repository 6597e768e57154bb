import { formatDateTime } from "@/components/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ApplicationDetails, type ApplicationFields } from "@/components/live-access/application-details";

/** What the business sent, as the reviewer reads it. */
export function SubmittedApplication({ application }: { application: ApplicationFields & { createdAt: Date } }) {
  return (
    <Card aria-label="Submitted application">
      <CardHeader title="Submitted application" description={`Sent ${formatDateTime(application.createdAt)}.`} />
      <CardBody>
        <ApplicationDetails application={application} />
      </CardBody>
    </Card>
  );
}
