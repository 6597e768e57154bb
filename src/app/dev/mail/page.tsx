import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Card, CardHeader } from "@/components/ui/card";
import { Empty } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { getFormat } from "@/components/i18n/server-format";
import { pageTitle } from "@/i18n/page-title";
import { listCapturedMail, mailCaptureDir } from "@/server/mail/captured";

export const generateMetadata = pageTitle("dev-mail");
export const dynamic = "force-dynamic";

/** Development and tests only: what the local SMTP server received (404 everywhere else). */
export default async function DevMailPage() {
  const dir = mailCaptureDir();
  if (!dir) notFound();
  const [messages, t, format] = await Promise.all([listCapturedMail(dir), getTranslations("dev-mail"), getFormat()]);
  return (
    <main className="mx-auto max-w-5xl space-y-4 px-4 py-8">
      <h1 className="text-xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="text-sm text-slate-600">{t("intro")}</p>
      <Card>
        <CardHeader title={t("count", { count: messages.length })} />
        {messages.length === 0 ? (
          <Empty title={t("empty")}>{t("emptyHint")}</Empty>
        ) : (
          <Table caption={t("caption")}>
            <thead>
              <tr>
                <Th>{t("to")}</Th>
                <Th>{t("subject")}</Th>
                <Th>{t("received")}</Th>
              </tr>
            </thead>
            <Tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <Td>{m.to}</Td>
                  <Td className="whitespace-normal">
                    <Link className="text-blue-800 underline" href={`/dev/mail/${m.id}`}>
                      {m.subject || t("noSubject")}
                    </Link>
                  </Td>
                  <Td>{m.date ? format.dateTime(m.date) : ""}</Td>
                </tr>
              ))}
            </Tbody>
          </Table>
        )}
      </Card>
    </main>
  );
}
