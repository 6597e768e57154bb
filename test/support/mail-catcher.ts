/** Each test run gets its own local SMTP server and an empty folder for what it receives. */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { startMailCatcher, type MailCatcher } from "../../scripts/lib/mail-catcher";

export async function startTestMailCatcher(): Promise<MailCatcher> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "hubi-mail-"));
  const catcher = await startMailCatcher(dir);
  return {
    env: catcher.env,
    stop: async () => {
      await catcher.stop();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
