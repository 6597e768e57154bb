/**
 * What the run's local SMTP server received (scripts/lib/mail-catcher.ts keeps each message in
 * MAIL_CAPTURE_DIR), parsed as a mail client would. Tests wait on conditions, never on time.
 */
import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser } from "mailparser";
import { pool } from "@/server/db/client";
import { waitFor } from "./wait-for";

export type ReceivedMail = { to: string; from: string; subject: string; text: string; html: string; language: string | undefined; messageId: string };

const parsed = new Map<string, ReceivedMail>();

async function parse(file: string): Promise<ReceivedMail> {
  const mail = await simpleParser(await fs.readFile(file));
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(", ") : (mail.to?.text ?? "");
  const language = mail.headers.get("content-language");
  return {
    to,
    from: mail.from?.text ?? "",
    subject: mail.subject ?? "",
    text: mail.text ?? "",
    html: typeof mail.html === "string" ? mail.html : "",
    language: typeof language === "string" ? language : undefined,
    messageId: mail.messageId ?? "",
  };
}

/** Every message received so far for `to`, oldest first. */
export async function mailTo(to: string): Promise<ReceivedMail[]> {
  const dir = process.env.MAIL_CAPTURE_DIR!;
  const files = (await fs.readdir(dir)).filter((f) => f.endsWith(".eml")).sort();
  const out: ReceivedMail[] = [];
  for (const f of files) {
    if (!parsed.has(f)) parsed.set(f, await parse(path.join(dir, f)));
    const mail = parsed.get(f)!;
    if (mail.to.toLowerCase().includes(to.toLowerCase())) out.push(mail);
  }
  return out;
}

/** Waits until `to` has received `count` messages whose subject matches, and returns them. */
export async function waitForMail(to: string, subject: RegExp, count = 1): Promise<ReceivedMail[]> {
  return waitFor(`${count} email(s) to ${to} matching ${subject}`, async () => {
    const mails = (await mailTo(to)).filter((m) => subject.test(m.subject));
    return mails.length >= count && mails;
  });
}

/**
 * Waits until the outbox holds nothing unsent for `to`, then returns what the SMTP server got:
 * with every queued message sent, a duplicate would already be there.
 */
export async function settledMailTo(to: string): Promise<ReceivedMail[]> {
  await waitFor(`the email outbox to send everything to ${to}`, async () => {
    const { rows } = await pool().query("SELECT 1 FROM email_message WHERE to_address = $1 AND status = 'pending' LIMIT 1", [to]);
    return rows.length === 0;
  });
  return mailTo(to);
}

/** The first http(s) link in a message's text. */
export function linkIn(mail: ReceivedMail, pathPrefix: string): string {
  const link = mail.text.match(/https?:\/\/\S+/g)?.find((u) => new URL(u).pathname.startsWith(pathPrefix));
  if (!link) throw new Error(`No ${pathPrefix} link in "${mail.subject}"`);
  return link;
}
