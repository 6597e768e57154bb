import Link from "next/link";
import { notFound } from "next/navigation";
import { Card, CardBody, CardHeader } from "@/components/ui/card";
import { formatDateTime } from "@/components/format";
import { mailCaptureDir, readCapturedMail } from "@/server/mail/captured";
import { LinkedText } from "./linked-text";

export const metadata = { title: "Development mail" };
export const dynamic = "force-dynamic";

/** One received email: its text with links clickable, and its HTML as the recipient would see it. */
export default async function DevMailMessagePage({ params }: { params: Promise<{ id: string }> }) {
  const dir = mailCaptureDir();
  if (!dir) notFound();
  const message = await readCapturedMail(dir, (await params).id);
  if (!message) notFound();
  return (
    <main className="mx-auto max-w-5xl space-y-4 px-4 py-8">
      <Link className="text-sm text-blue-800 underline" href="/dev/mail">
        All messages
      </Link>
      <h1 className="text-xl font-semibold tracking-tight break-words">{message.subject}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-slate-500">To</dt>
        <dd className="break-all">{message.to}</dd>
        <dt className="text-slate-500">Received</dt>
        <dd>{message.date ? formatDateTime(message.date) : ""}</dd>
      </dl>
      <Card>
        <CardHeader title="Text" />
        <CardBody>
          <pre className="whitespace-pre-wrap break-words font-sans text-sm" data-testid="mail-text">
            <LinkedText text={message.text} />
          </pre>
        </CardBody>
      </Card>
      {message.html && (
        <Card>
          <CardHeader title="HTML" description="Links open in a new tab." />
          <CardBody>
            {/* Sandboxed: the message's markup runs no script and cannot reach this page. */}
            <iframe
              title="HTML version"
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
