/** The SMTP connection (nodemailer), one pool per process, from SMTP_URL. */
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/env";

let transport: Transporter | undefined;

/** Bounded waits: a silent server fails the attempt (retried later) instead of holding its lease. */
const TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export function mailTransport(): Transporter | undefined {
  const url = env().SMTP_URL;
  if (!url) return undefined;
  transport ??= nodemailer.createTransport({ url, pool: true, maxConnections: 2, ...TIMEOUTS });
  return transport;
}
