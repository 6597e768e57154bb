/**
 * A real SMTP server for development and tests (`npm start`, the test runs): it accepts every
 * message on loopback and keeps each one, as sent, in a folder (one .eml file a message). The app
 * shows that folder at /dev/mail when MAIL_CAPTURE_DIR names it; tests read it directly.
 * To rehearse a failing mail server, it defers (451, "try again later") the first message to any
 * address at `defer.test`, as a real server under load would.
 */
import { randomBytes } from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type MailCatcher = {
  /** What the app's SMTP_URL and MAIL_CAPTURE_DIR become. */
  env: { SMTP_URL: string; MAIL_CAPTURE_DIR: string };
  stop: () => Promise<void>;
};

export async function startMailCatcher(dir: string): Promise<MailCatcher> {
  fs.mkdirSync(dir, { recursive: true });
  const deferred = new Set<string>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    size: 10 * 1024 * 1024,
    onRcptTo(address, _session, callback) {
      const to = address.address.toLowerCase();
      if (!to.endsWith("@defer.test") || deferred.has(to)) return callback();
      deferred.add(to);
      callback(Object.assign(new Error("Mailbox busy, try again later"), { responseCode: 451 }));
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("error", callback);
      stream.on("end", () => {
        // Written under a temporary name, then renamed: readers never see half a message.
        const name = `${Date.now()}-${randomBytes(4).toString("hex")}`;
        const temporary = path.join(dir, `.${name}.tmp`);
        fs.promises
          .writeFile(temporary, Buffer.concat(chunks))
          .then(() => fs.promises.rename(temporary, path.join(dir, `${name}.eml`)))
          .then(() => callback(), callback);
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  return {
    env: { SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_CAPTURE_DIR: dir },
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
