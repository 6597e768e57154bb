"use client";
import { useTranslations } from "next-intl";
import { useFormat } from "@/components/i18n/format";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { ApplicationDetails, type ApplicationFields } from "@/components/live-access/application-details";

/** What the business sent, as the reviewer reads it. */
export function SubmittedApplication({ application }: { application: ApplicationFields & { createdAt: Date } }) {
  const t = useTranslations("live-access.submitted");
  const format = useFormat();
  return (
    <Card aria-label={t("title")}>
      <CardHeader title={t("title")} description={t("sent", { time: format.dateTime(application.createdAt) })} />
      <CardBody>
        <ApplicationDetails application={application} />
      </CardBody>
    </Card>
  );
}
