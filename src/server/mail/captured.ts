/**
 * The messages the local SMTP server of development and tests received (scripts/lib/mail-catcher.ts),
 * read from MAIL_CAPTURE_DIR for the /dev/mail pages. Without that setting (every real deployment)
 * there is nothing to read and the pages are a 404.
 */
import "server-only";
import fs from "node:fs/promises";
import path from "node:path";
import { simpleParser, type AddressObject } from "mailparser";
import { env } from "@/env";

export type CapturedMail = { id: string; to: string; subject: string; date: Date | null; text: string; html: string | null };

/** File names the catcher writes: `<milliseconds>-<hex>.eml`; anything else is not ours to open. */
const ID = /^\d{13}-[0-9a-f]{8}$/;
/** The page shows the newest ones; a busy development machine may have thousands. */
const SHOWN = 200;

export function mailCaptureDir(): string | undefined {
  return env().MAIL_CAPTURE_DIR;
}

const addresses = (to: AddressObject | AddressObject[] | undefined) => (Array.isArray(to) ? to : to ? [to] : []).map((a) => a.text).join(", ");

async function parse(dir: string, id: string): Promise<CapturedMail> {
  const mail = await simpleParser(await fs.readFile(path.join(dir, `${id}.eml`)));
  return { id, to: addresses(mail.to), subject: mail.subject ?? "", date: mail.date ?? null, text: mail.text ?? "", html: mail.html || null };
}

/** Newest first. */
export async function listCapturedMail(dir: string): Promise<CapturedMail[]> {
  const ids = (await fs.readdir(dir).catch(() => []))
    .filter((f) => f.endsWith(".eml"))
    .map((f) => f.slice(0, -4))
    .filter((id) => ID.test(id))
    .sort()
    .reverse()
    .slice(0, SHOWN);
  return Promise.all(ids.map((id) => parse(dir, id)));
}

export async function readCapturedMail(dir: string, id: string): Promise<CapturedMail | null> {
  if (!ID.test(id)) return null;
  return parse(dir, id).catch(() => null);
}
