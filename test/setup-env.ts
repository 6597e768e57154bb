/** Each test worker talks to the run's database and mail server with the same secret as the app. */
import { inject } from "vitest";
import { appEnv } from "./support/env";

Object.assign(process.env, appEnv(inject("databaseUrl"), { SMTP_URL: inject("smtpUrl"), MAIL_CAPTURE_DIR: inject("mailDir") }), {
  // Links in emails lead to the run's app (worker processes inherit this).
  NEXTAUTH_URL: inject("baseUrl"),
});
