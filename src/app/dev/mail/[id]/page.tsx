import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { getFormat } from "@/components/i18n/server-format";
import { pageTitle } from "@/i18n/page-title";
import { mailCaptureDir, readCapturedMail } from "@/server/mail/captured";
import { LinkedText } from "@/components/dev-mail/linked-text";

export const generateMetadata = pageTitle("dev-mail");
export const dynamic = "force-dynamic";

/** One received email: its text with links clickable, and its HTML as the recipient would see it. */
export default async function DevMailMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const dir = mailCaptureDir();
  if (!dir) notFound();
  const message = await readCapturedMail(dir, (await params).id);
  if (!message) notFound();
  const [t, format] = await Promise.all([getTranslations("dev-mail"), getFormat()]);
  return (
    <main className="mx-auto max-w-5xl space-y-4 px-4 py-8">
      <Link className="text-sm text-blue-800 underline" href="/dev/mail">
        {t("all")}
      </Link>
      <h1 className="text-xl font-semibold tracking-tight break-words">{message.subject || t("noSubject")}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">{t("to")}</dt>
        <dd className="break-all">{message.to}</dd>
        <dt className="text-slate-500">{t("received")}</dt>
        <dd>{message.date ? format.dateTime(message.date) : ""}</dd>
      </dl>
      <Card>
        <CardHeader title={t("text")} />
        <CardBody>
          <pre className="whitespace-pre-wrap break-words font-sans text-sm" data-testid="mail-text">
            <LinkedText text={message.text} />
          </pre>
        </CardBody>
      </Card>
      {message.html && (
        <Card>
          <CardHeader title={t("html")} description={t("htmlHint")} />
          <CardBody>
            {/* Sandboxed: the message's markup runs no script and cannot reach this page. */}
            <iframe
              title={t("htmlTitle")}
              sandbox="allow-popups allow-popups-to-escape-sandbox"
              srcDoc={message.html.replace(/<head>/i, '<head><base target="_blank">')}
              className="h-[32rem] w-full rounded-md ring-1 ring-slate-200"
            />
          </CardBody>
        </Card>
      )}
    </main>
  );
}
