/**
 * The parts a test run stands on, started in order: a fresh database, the local SMTP server and a
 * production app server. If a later part fails to start, the ones already running are stopped
 * before the error is passed on, so a failed setup leaves no database or server behind.
 */
import { startTestDatabase } from "./database";
import { startApp } from "./app";
import { appEnv } from "./env";
import { startTestMailCatcher } from "./mail-catcher";

export async function startTestStack(o: { name: string; appEnv?: Record<string, string>; processes?: number }) {
  const running: (() => Promise<void>)[] = [];
  const stop = async () => {
    for (const stopPart of running.reverse()) await stopPart();
  };
  try {
    const database = await startTestDatabase();
    running.push(() => database.stop());
    const mail = await startTestMailCatcher();
    running.push(() => mail.stop());
    const env = appEnv(database.url, mail.env);
    const app = await startApp({ env: { ...env, ...o.appEnv }, name: o.name, processes: o.processes });
    running.push(() => app.stop());
    return { database, mail, env, app, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
