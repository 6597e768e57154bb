import Link from "next/link";
import { notFound } from "next/navigation";
import { Card, CardHeader } from "@/components/ui/card";
import { Empty } from "@/components/ui/states";
import { Table, Tbody, Td, Th } from "@/components/ui/table";
import { formatDateTime } from "@/components/format";
import { listCapturedMail, mailCaptureDir } from "@/server/mail/captured";

export const metadata = { title: "Development mail" };
export const dynamic = "force-dynamic";

/** Development and tests only: what the local SMTP server received (404 everywhere else). */
export default async function DevMailPage() {
  const dir = mailCaptureDir();
  if (!dir) notFound();
  const messages = await listCapturedMail(dir);
  return (
    <main className="mx-auto max-w-5xl space-y-4 px-4 py-8">
      <h1 className="text-xl font-semibold tracking-tight">Development mail</h1>
      <p className="text-sm text-slate-600">
        Every email the app sent, as the local SMTP server received it (newest first). Only development and test runs have this page.
      </p>
      <Card>
        <CardHeader title={`${messages.length} ${messages.length === 1 ? "message" : "messages"}`} />
        {messages.length === 0 ? (
          <Empty title="No email yet">Emails appear here as soon as the app sends them.</Empty>
        ) : (
          <Table caption="Emails received">
            <thead>
              <tr>
                <Th>To</Th>
                <Th>Subject</Th>
                <Th>Received</Th>
              </tr>
            </thead>
            <Tbody>
              {messages.map((m) => (
                <tr key={m.id}>
                  <Td>{m.to}</Td>
                  <Td className="whitespace-normal">
                    <Link className="text-blue-800 underline" href={`/dev/mail/${m.id}`}>
                      {m.subject || "(no subject)"}
                    </Link>
                  </Td>
                  <Td>{m.date ? formatDateTime(m.date) : ""}</Td>
                </tr>
              ))}
            </Tbody>
          </Table>
        )}
      </Card>
    </main>
  );
}
