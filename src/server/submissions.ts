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
import type { Prisma } from "@/generated/prisma/client";
import { db } from "@/server/db/client";
import { decrypt, encrypt } from "@/server/crypto/secrets";
import { conflict } from "@/server/errors";
import type { ServiceContext } from "@/server/context";

type Tx = Prisma.TransactionClient;

export const SUBMISSION_KEPT_HOURS = 24;

/** Runs `action` in a transaction, once per submission token of the context (when it has one). */
export async function transactOnce<T>(
  ctx: ServiceContext,
  operation: string,
  action: (tx: Tx) => Promise<T>,
  options?: { timeoutMs?: number },
): Promise<T> {
  const settings = options?.timeoutMs ? { timeout: options.timeoutMs } : undefined;
  const token = ctx.submissionId;
  if (!token || ctx.actor.type !== "user") return db().$transaction(action, settings);
  const userId = ctx.actor.userId;
  const sealing = `form-submission:${userId}:${token}`;
  return db().$transaction(async (tx) => {
    const claimed = await tx.$executeRaw`
      INSERT INTO form_submission (user_id, token, operation) VALUES (${userId}::uuid, ${token}::uuid, ${operation})
      ON CONFLICT DO NOTHING`;
    if (claimed === 0) {
      const [earlier] = await tx.$queryRaw<{ operation: string; result: Uint8Array }[]>`
        SELECT operation, result FROM form_submission WHERE user_id = ${userId}::uuid AND token = ${token}::uuid`;
      if (!earlier || earlier.operation !== operation) throw conflict("This form was already used for another action. Reload the page and try again.");
      return superjson.parse<T>(decrypt(earlier.result, sealing));
    }
    const result = await action(tx);
    const sealed = encrypt(superjson.stringify(result), sealing);
    await tx.$executeRaw`UPDATE form_submission SET result = ${sealed} WHERE user_id = ${userId}::uuid AND token = ${token}::uuid`;
    return result;
  }, settings);
}

/** Housekeeping: submissions older than a day can no longer be repeated by a browser. */
export async function purgeOldSubmissions(): Promise<number> {
  return db().$executeRaw`DELETE FROM form_submission WHERE created_at < now() - make_interval(hours => ${SUBMISSION_KEPT_HOURS})`;
}
