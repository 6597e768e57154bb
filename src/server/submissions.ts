/**
 * Exactly-once portal actions (product rules §22). The browser draws a token per form submission
 * and sends it with the action; a repeat of that submission (a double click, a retry after a lost
 * response) must not grant credits, create a key or send an event twice.
 *
 * The claim is the first write of the action's own transaction. A concurrent repeat's claim waits
 * on the first one's row lock, finds it committed and returns the stored result; if the action
 * fails, its claim rolls back with it and a repeat runs afresh. Results are kept encrypted (a new
 * API key is in one) for a day.
 */
import superjson from "superjson";
import type pg from "pg";
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { transaction } from "@/server/db/transaction";
import { decrypt, encrypt } from "@/server/crypto/secrets";
import { conflict } from "@/server/errors";
import type { ServiceContext } from "@/server/context";

type Tx = Prisma.TransactionClient;

export const SUBMISSION_KEPT_HOURS = 24;

/** The two kinds of statement a claim needs, on the action's own transaction. */
type ClaimSql = {
  execute: (sql: string, params: unknown[]) => Promise<number>;
  rows: <R>(sql: string, params: unknown[]) => Promise<R[]>;
};

/** Claims the token, runs `action` and keeps its result; a repeat of the token answers the kept result. */
async function once<T>(sql: ClaimSql, userId: string, token: string, operation: string, action: () => Promise<T>): Promise<T> {
  const sealing = `form-submission:${userId}:${token}`;
  const claimed = await sql.execute(
    "INSERT INTO form_submission (user_id, token, operation) VALUES ($1::uuid, $2::uuid, $3) ON CONFLICT DO NOTHING",
    [userId, token, operation],
  );
  if (claimed === 0) {
    const [earlier] = await sql.rows<{ operation: string; result: Uint8Array }>(
      "SELECT operation, result FROM form_submission WHERE user_id = $1::uuid AND token = $2::uuid",
      [userId, token],
    );
    if (!earlier || earlier.operation !== operation) throw conflict("This form was already used for another action. Reload the page and try again.");
    return superjson.parse<T>(decrypt(earlier.result, sealing));
  }
  const result = await action();
  const sealed = encrypt(superjson.stringify(result), sealing);
  await sql.execute("UPDATE form_submission SET result = $3 WHERE user_id = $1::uuid AND token = $2::uuid", [userId, token, sealed]);
  return result;
}

/**
 * The context's token and user, when the action is a portal form's (an API call has neither), and
 * the business it acts for: a repeat is answered only in that business (a member of two cannot
 * replay one's result in the other, nor after leaving it).
 */
const submissionOf = (ctx: ServiceContext) =>
  ctx.submissionId && ctx.actor.type === "user"
    ? { token: ctx.submissionId, userId: ctx.actor.userId, scope: ctx.actor.membership?.businessId ?? "platform" }
    : null;

/** Runs `action` in a transaction, once per submission token of the context (when it has one). */
export async function transactOnce<T>(
  ctx: ServiceContext,
  operation: string,
  action: (tx: Tx) => Promise<T>,
  options?: { timeoutMs?: number },
): Promise<T> {
  const settings = options?.timeoutMs ? { timeout: options.timeoutMs } : undefined;
  const submission = submissionOf(ctx);
  if (!submission) return db().$transaction(action, settings);
  return db().$transaction((tx) => {
    const sql: ClaimSql = {
      execute: (text, params) => tx.$executeRawUnsafe(text, ...params),
      rows: (text, params) => tx.$queryRawUnsafe(text, ...params),
    };
    return once(sql, submission.userId, submission.token, `${operation}@${submission.scope}`, () => action(tx));
  }, settings);
}

/** The same for hand-written SQL on one connection (src/server/db/transaction.ts). */
export async function transactOnceSql<T>(ctx: ServiceContext, operation: string, action: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const submission = submissionOf(ctx);
  return transaction((client) => {
    if (!submission) return action(client);
    const sql: ClaimSql = {
      execute: async (text, params) => (await client.query(text, params)).rowCount ?? 0,
      rows: async <R>(text: string, params: unknown[]) => (await client.query(text, params)).rows as R[],
    };
    return once(sql, submission.userId, submission.token, `${operation}@${submission.scope}`, () => action(client));
  });
}

/** Housekeeping: submissions older than a day can no longer be repeated by a browser. */
export async function purgeOldSubmissions(): Promise<number> {
  return db().$executeRaw`DELETE FROM form_submission WHERE created_at < now() - make_interval(hours => ${SUBMISSION_KEPT_HOURS})`;
}
